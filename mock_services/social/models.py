"""The social network's tables. Names and columns are a public contract: verifiers read them.

Datetimes are stored as naive UTC. A post is deleted softly (``deleted_at``) so replies keep
their parent; a repost is a post row with ``repost_of_id`` and no text of its own.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal, get_args

from sqlalchemy import ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

Visibility = Literal["public", "followers"]
VISIBILITIES: tuple[str, ...] = get_args(Visibility)
MediaKind = Literal["image", "video", "gif"]
MessagePolicy = Literal["everyone", "following"]
NotificationKind = Literal["follow", "like", "repost", "reply", "mention"]
NOTIFICATION_KINDS: tuple[str, ...] = get_args(NotificationKind)


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"
    bio: Mapped[str] = mapped_column(String(300), default="")
    location: Mapped[str | None] = mapped_column(String(100))
    website: Mapped[str | None] = mapped_column(String(200))
    # everyone | following: who may send this user a direct message
    messages_from: Mapped[str] = mapped_column(String(20), default="everyone")
    joined_at: Mapped[datetime]


class Follow(Base):
    __tablename__ = "follows"
    __table_args__ = (UniqueConstraint("follower_id", "followee_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    follower_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    followee_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime]


class Block(Base):
    __tablename__ = "blocks"
    __table_args__ = (UniqueConstraint("blocker_id", "blocked_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    blocker_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime]


class Mute(Base):
    __tablename__ = "mutes"
    __table_args__ = (UniqueConstraint("muter_id", "muted_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    muter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    muted_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]


class Post(Base):
    __tablename__ = "posts"
    __table_args__ = (
        Index("ix_posts_author_created", "author_id", "created_at"),
        Index("ix_posts_reply_to", "reply_to_id"),
        Index("ix_posts_repost_of", "repost_of_id"),
        Index("ix_posts_key", "key", unique=True),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str | None] = mapped_column(String(80))  # the seed's natural key, if any
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    text: Mapped[str] = mapped_column(Text, default="")
    visibility: Mapped[str] = mapped_column(String(20), default="public")  # public | followers
    reply_to_id: Mapped[int | None] = mapped_column(ForeignKey("posts.id"))
    repost_of_id: Mapped[int | None] = mapped_column(ForeignKey("posts.id"))
    created_at: Mapped[datetime] = mapped_column(index=True)
    deleted_at: Mapped[datetime | None]


class Media(Base):
    """An attachment of a post (stored by URL), in the order the author gave."""

    __tablename__ = "media"
    id: Mapped[int] = mapped_column(primary_key=True)
    post_id: Mapped[int] = mapped_column(ForeignKey("posts.id"), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # image | video | gif
    url: Mapped[str] = mapped_column(String(500))
    alt_text: Mapped[str] = mapped_column(String(500), default="")


class Hashtag(Base):
    """A hashtag of a post, lower-cased, without '#'; derived from the post's text."""

    __tablename__ = "hashtags"
    __table_args__ = (UniqueConstraint("post_id", "tag"), Index("ix_hashtags_tag", "tag"))
    id: Mapped[int] = mapped_column(primary_key=True)
    post_id: Mapped[int] = mapped_column(ForeignKey("posts.id"))
    tag: Mapped[str] = mapped_column(String(100))


class Like(Base):
    __tablename__ = "likes"
    __table_args__ = (UniqueConstraint("user_id", "post_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    post_id: Mapped[int] = mapped_column(ForeignKey("posts.id"), index=True)
    created_at: Mapped[datetime]


class Message(Base):
    """A direct message; ``read_at`` is set when the recipient marks the conversation read."""

    __tablename__ = "messages"
    __table_args__ = (Index("ix_messages_pair", "sender_id", "recipient_id", "sent_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    sender_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    recipient_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    text: Mapped[str] = mapped_column(Text)
    sent_at: Mapped[datetime]
    read_at: Mapped[datetime | None]


class Notification(Base):
    """Something ``actor`` did that concerns ``user``: follow, like, repost, reply, mention."""

    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_user_created", "user_id", "created_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    actor_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    kind: Mapped[str] = mapped_column(String(20))
    post_id: Mapped[int | None] = mapped_column(ForeignKey("posts.id"))
    created_at: Mapped[datetime]
    read_at: Mapped[datetime | None]
