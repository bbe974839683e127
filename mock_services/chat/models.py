"""The Chat tables: people, workspaces and their members, conversations (public and private
channels, direct messages) with their members' read marks, messages with thread replies,
reactions and attached files."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    """A person: their job title and the time zone the UI shows times in."""

    __tablename__ = "users"
    title: Mapped[str] = mapped_column(String(100), default="")
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")


class Workspace(Base):
    __tablename__ = "workspaces"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    domain: Mapped[str] = mapped_column(String(60), unique=True)  # "acme": acme.chat.test
    created_at: Mapped[datetime]


class WorkspaceMember(Base):
    __tablename__ = "workspace_members"
    __table_args__ = (UniqueConstraint("workspace_id", "user_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    workspace_id: Mapped[int] = mapped_column(ForeignKey("workspaces.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)


class Conversation(Base):
    """A channel (``public`` or ``private``, named) or a direct message (``dm``: no name; its
    ``dm_key`` is its members' ids, sorted, so the same people always meet in the same one)."""

    __tablename__ = "conversations"
    __table_args__ = (UniqueConstraint("workspace_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    workspace_id: Mapped[int] = mapped_column(ForeignKey("workspaces.id"), index=True)
    kind: Mapped[str] = mapped_column(String(7))
    name: Mapped[str | None] = mapped_column(String(80))
    topic: Mapped[str] = mapped_column(String(250), default="")
    purpose: Mapped[str] = mapped_column(String(250), default="")
    archived: Mapped[bool] = mapped_column(default=False)
    dm_key: Mapped[str | None] = mapped_column(String(200), index=True)
    created_by_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]


class Member(Base):
    """A member of a conversation and how far they have read it (``last_read_at``: the time of
    the last message they marked read; None: nothing read)."""

    __tablename__ = "conversation_members"
    __table_args__ = (UniqueConstraint("conversation_id", "user_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    conversation_id: Mapped[int] = mapped_column(ForeignKey("conversations.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    last_read_at: Mapped[datetime | None]


class Message(Base):
    """A message in a conversation, or a reply in the thread of one (``thread_parent_id``).
    ``mentions`` are the usernames its text names with ``@``, read from the text."""

    __tablename__ = "messages"
    id: Mapped[int] = mapped_column(primary_key=True)
    conversation_id: Mapped[int] = mapped_column(ForeignKey("conversations.id"), index=True)
    thread_parent_id: Mapped[int | None] = mapped_column(ForeignKey("messages.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    text: Mapped[str] = mapped_column(Text, default="")
    mentions: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(index=True)
    edited_at: Mapped[datetime | None]
    pinned_at: Mapped[datetime | None]
    pinned_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class Reaction(Base):
    __tablename__ = "reactions"
    __table_args__ = (UniqueConstraint("message_id", "user_id", "emoji"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    emoji: Mapped[str] = mapped_column(String(40))


class File(Base):
    """A file attached to a message: its bytes kept as base64."""

    __tablename__ = "files"
    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id"), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(200))
    size: Mapped[int]
    content_base64: Mapped[str] = mapped_column(Text)
