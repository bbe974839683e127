"""The social network's seed document: users (profiles), follows, blocks, mutes, posts with
media, likes, direct messages and notifications, referenced by natural keys (usernames, post
keys).

A post is named by its ``key`` (or, for posts without one, by its id); replies and reposts
point at an earlier post of the document. Hashtags are not seeded: they are read from the text.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.auth import UserSeed, user_row, user_seed_fields
from mock_services.core.clock import to_naive_utc
from mock_services.core.seeding import (
    Loc,
    SeedContext,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.social.models import (
    Block,
    Follow,
    Hashtag,
    Like,
    Media,
    MediaKind,
    Message,
    MessagePolicy,
    Mute,
    Notification,
    NotificationKind,
    Post,
    User,
    Visibility,
)
from mock_services.social.text import MAX_MEDIA, MAX_POST_CHARS, hashtags_in

PostRef = str | int
"""A post's ``key``, or its id when it has no key."""
_KEY = r"^[a-z0-9][a-z0-9-]{0,79}$"


class SocialUserSeed(UserSeed):
    bio: str = Field("", max_length=300)
    location: str | None = Field(None, max_length=100)
    website: str | None = Field(None, max_length=200)
    messages_from: MessagePolicy = Field(
        "everyone", description="who may send a direct message: everyone, or people they follow"
    )
    joined_at: SeedDateTime | None = Field(None, description="defaults to now")


class FollowSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    follower: str
    followee: str
    at: SeedDateTime | None = Field(None, description="defaults to now")


class BlockSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    blocker: str
    blocked: str
    at: SeedDateTime | None = None


class MuteSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    muter: str
    muted: str
    at: SeedDateTime | None = None


class MediaSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    kind: MediaKind
    url: str = Field(min_length=1, max_length=500, pattern=r"^https?://")
    alt_text: str = Field("", max_length=500)


class PostSeed(SeedModel):
    """A post, a reply (``reply_to``) or a repost (``repost_of``, with no text or media)."""

    id: int | None = Field(None, ge=1)
    key: str | None = Field(None, pattern=_KEY, description="natural key, e.g. 'alice-hike'")
    author: str
    text: str = Field("", max_length=MAX_POST_CHARS)
    visibility: Visibility = "public"
    reply_to: PostRef | None = None
    repost_of: PostRef | None = None
    created_at: SeedDateTime
    deleted_at: SeedDateTime | None = None
    media: list[MediaSeed] = Field([], max_length=MAX_MEDIA)

    @model_validator(mode="after")
    def _shape(self) -> PostSeed:
        if self.repost_of is not None:
            if self.text or self.media or self.reply_to is not None:
                raise ValueError("a repost has no text, media or reply_to of its own")
            if self.visibility != "public":
                raise ValueError("a repost is public")
        elif not self.text.strip() and not self.media:
            raise ValueError("a post needs text or media")
        return self


class LikeSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    user: str
    post: PostRef
    at: SeedDateTime | None = None


class MessageSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    sender: str
    recipient: str
    text: str = Field(min_length=1, max_length=2000)
    sent_at: SeedDateTime
    read_at: SeedDateTime | None = None


class ActivitySeed(SeedModel):
    """A notification of ``user`` about what ``actor`` did (``post`` for all but follows)."""

    id: int | None = Field(None, ge=1)
    user: str
    actor: str
    kind: NotificationKind
    post: PostRef | None = None
    at: SeedDateTime
    read_at: SeedDateTime | None = None

    @model_validator(mode="after")
    def _post_fits_kind(self) -> ActivitySeed:
        if (self.kind == "follow") != (self.post is None):
            raise ValueError("a follow notification has no post; every other kind needs one")
        return self


class SocialSeed(ServiceSeed):
    users: list[SocialUserSeed] = []
    follows: list[FollowSeed] = []
    blocks: list[BlockSeed] = []
    mutes: list[MuteSeed] = []
    posts: list[PostSeed] = []
    likes: list[LikeSeed] = []
    messages: list[MessageSeed] = []
    activity: list[ActivitySeed] = Field(
        [], description="notifications (named so apart from the core's 'notifications' wiring)"
    )


# --- Loading ---------------------------------------------------------------------------------


def _naive(value: datetime | None, default: datetime | None = None) -> datetime | None:
    return to_naive_utc(value) if value is not None else default


def load(session: Session, seed: SocialSeed, ctx: SeedContext) -> None:
    now = to_naive_utc(ctx.now)
    _load_users(session, seed, ctx, now)
    _load_relations(session, seed, ctx, now)
    _load_posts(session, seed, ctx)
    _load_likes(session, seed, ctx, now)
    _load_messages(session, seed, ctx)
    _load_activity(session, seed, ctx)


def _load_users(session: Session, seed: SocialSeed, ctx: SeedContext, now: datetime) -> None:
    rows = []
    for u, user in enumerate(seed.users):
        ctx.register("user", user.username, u + 1, ("users", u, "username"))
        rows.append(
            {
                **user_row("social", user, u + 1),
                "bio": user.bio,
                "location": user.location,
                "website": user.website,
                "messages_from": user.messages_from,
                "joined_at": _naive(user.joined_at, now),
            }
        )
    if rows:
        bulk_insert(session, User, rows)


def _load_relations(session: Session, seed: SocialSeed, ctx: SeedContext, now: datetime) -> None:
    """Follows, blocks and mutes: one user towards another, each pair once."""
    sections: list[tuple[str, type[Any], list[Any], tuple[str, str]]] = [
        ("follows", Follow, seed.follows, ("follower", "followee")),
        ("blocks", Block, seed.blocks, ("blocker", "blocked")),
        ("mutes", Mute, seed.mutes, ("muter", "muted")),
    ]
    for section, model, entries, (subject, target) in sections:
        ids = ctx.allocate_ids([e.id for e in entries], (section,))
        rows, pairs = [], set()
        for i, entry in enumerate(entries):
            loc: Loc = (section, i)
            who = ctx.ref("user", getattr(entry, subject), (*loc, subject))
            whom = ctx.ref("user", getattr(entry, target), (*loc, target))
            if who == whom:
                raise ctx.error((*loc, target), f"a user cannot be in their own {section}")
            if (who, whom) in pairs:
                raise ctx.error(loc, f"{section} lists this pair twice")
            pairs.add((who, whom))
            rows.append(
                {
                    "id": ids[i],
                    f"{subject}_id": who,
                    f"{target}_id": whom,
                    "created_at": _naive(entry.at, now),
                }
            )
        if rows:
            bulk_insert(session, model, rows)


def _post_ref(ctx: SeedContext, ref: PostRef, loc: Loc) -> int:
    return ctx.ref("post id", ref, loc) if isinstance(ref, int) else ctx.ref("post", ref, loc)


def _load_posts(session: Session, seed: SocialSeed, ctx: SeedContext) -> None:
    ids = ctx.allocate_ids([p.id for p in seed.posts], ("posts",))
    media_ids = iter(
        ctx.allocate_ids([m.id for p in seed.posts for m in p.media], ("posts", "media"))
    )
    posts, media, reposts = [], [], set()
    for i, post in enumerate(seed.posts):
        loc: Loc = ("posts", i)
        reply_to = _post_ref(ctx, post.reply_to, (*loc, "reply_to")) if post.reply_to else None
        repost_of = None
        if post.repost_of is not None:
            repost_of = _post_ref(ctx, post.repost_of, (*loc, "repost_of"))
            if repost_of in reposts:
                raise ctx.error((*loc, "repost_of"), "repost the original post, not a repost")
            reposts.add(ids[i])
        if post.key is not None:
            ctx.register("post", post.key, ids[i], (*loc, "key"))
        ctx.register("post id", ids[i], ids[i], (*loc, "id"))
        posts.append(
            {
                "id": ids[i],
                "key": post.key,
                "author_id": ctx.ref("user", post.author, (*loc, "author")),
                "text": post.text,
                "visibility": post.visibility,
                "reply_to_id": reply_to,
                "repost_of_id": repost_of,
                "created_at": to_naive_utc(post.created_at),
                "deleted_at": _naive(post.deleted_at),
            }
        )
        media += [
            {"id": next(media_ids), "post_id": ids[i], **m.model_dump(exclude={"id"})}
            for m in post.media
        ]
    if posts:
        bulk_insert(session, Post, posts)
    if media:
        bulk_insert(session, Media, media)
    # In id order, as the API adds them, so that a seeded export reproduces the same rows.
    tags = [
        {"id": n + 1, "post_id": post_id, "tag": tag}
        for n, (post_id, tag) in enumerate(
            (row["id"], tag)
            for row in sorted(posts, key=lambda r: r["id"])
            for tag in hashtags_in(row["text"])
        )
    ]
    if tags:
        bulk_insert(session, Hashtag, tags)


def _load_likes(session: Session, seed: SocialSeed, ctx: SeedContext, now: datetime) -> None:
    ids = ctx.allocate_ids([like.id for like in seed.likes], ("likes",))
    rows, pairs = [], set()
    for i, like in enumerate(seed.likes):
        uid = ctx.ref("user", like.user, ("likes", i, "user"))
        pid = _post_ref(ctx, like.post, ("likes", i, "post"))
        if (uid, pid) in pairs:
            raise ctx.error(("likes", i), f"{like.user} likes post {like.post!r} twice")
        pairs.add((uid, pid))
        rows.append(
            {"id": ids[i], "user_id": uid, "post_id": pid, "created_at": _naive(like.at, now)}
        )
    if rows:
        bulk_insert(session, Like, rows)


def _load_messages(session: Session, seed: SocialSeed, ctx: SeedContext) -> None:
    ids = ctx.allocate_ids([m.id for m in seed.messages], ("messages",))
    rows = []
    for i, message in enumerate(seed.messages):
        sender = ctx.ref("user", message.sender, ("messages", i, "sender"))
        recipient = ctx.ref("user", message.recipient, ("messages", i, "recipient"))
        if sender == recipient:
            raise ctx.error(("messages", i, "recipient"), "a user cannot message themselves")
        rows.append(
            {
                "id": ids[i],
                "sender_id": sender,
                "recipient_id": recipient,
                "text": message.text,
                "sent_at": to_naive_utc(message.sent_at),
                "read_at": _naive(message.read_at),
            }
        )
    if rows:
        bulk_insert(session, Message, rows)


def _load_activity(session: Session, seed: SocialSeed, ctx: SeedContext) -> None:
    ids = ctx.allocate_ids([a.id for a in seed.activity], ("activity",))
    rows = [
        {
            "id": ids[i],
            "user_id": ctx.ref("user", a.user, ("activity", i, "user")),
            "actor_id": ctx.ref("user", a.actor, ("activity", i, "actor")),
            "kind": a.kind,
            "post_id": _post_ref(ctx, a.post, ("activity", i, "post")) if a.post else None,
            "created_at": to_naive_utc(a.at),
            "read_at": _naive(a.read_at),
        }
        for i, a in enumerate(seed.activity)
    ]
    if rows:
        bulk_insert(session, Notification, rows)


# --- Export ----------------------------------------------------------------------------------


def dump(session: Session, ctx: SeedContext) -> SocialSeed:
    def aware(value: datetime | None) -> Any:
        return value.replace(tzinfo=ctx.now.tzinfo) if value is not None else None

    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    posts = session.scalars(select(Post).order_by(Post.id)).all()
    refs: dict[int, PostRef] = {p.id: p.key if p.key is not None else p.id for p in posts}
    media_of: dict[int, list[MediaSeed]] = {}
    for m in session.scalars(select(Media).order_by(Media.id)):
        media_of.setdefault(m.post_id, []).append(
            MediaSeed(id=m.id, kind=m.kind, url=m.url, alt_text=m.alt_text)  # type: ignore[arg-type]
        )
    return SocialSeed(
        users=[
            SocialUserSeed(
                **user_seed_fields(u),
                bio=u.bio,
                location=u.location,
                website=u.website,
                messages_from=u.messages_from,  # type: ignore[arg-type]
                joined_at=aware(u.joined_at),
            )
            for u in users
        ],
        follows=[
            FollowSeed(
                id=f.id,
                follower=names[f.follower_id],
                followee=names[f.followee_id],
                at=aware(f.created_at),
            )
            for f in session.scalars(select(Follow).order_by(Follow.id))
        ],
        blocks=[
            BlockSeed(
                id=b.id,
                blocker=names[b.blocker_id],
                blocked=names[b.blocked_id],
                at=aware(b.created_at),
            )
            for b in session.scalars(select(Block).order_by(Block.id))
        ],
        mutes=[
            MuteSeed(
                id=m.id, muter=names[m.muter_id], muted=names[m.muted_id], at=aware(m.created_at)
            )
            for m in session.scalars(select(Mute).order_by(Mute.id))
        ],
        posts=[
            PostSeed(
                id=p.id,
                key=p.key,
                author=names[p.author_id],
                text=p.text,
                visibility=p.visibility,  # type: ignore[arg-type]
                reply_to=refs[p.reply_to_id] if p.reply_to_id else None,
                repost_of=refs[p.repost_of_id] if p.repost_of_id else None,
                created_at=aware(p.created_at),
                deleted_at=aware(p.deleted_at),
                media=media_of.get(p.id, []),
            )
            for p in posts
        ],
        likes=[
            LikeSeed(id=k.id, user=names[k.user_id], post=refs[k.post_id], at=aware(k.created_at))
            for k in session.scalars(select(Like).order_by(Like.id))
        ],
        messages=[
            MessageSeed(
                id=m.id,
                sender=names[m.sender_id],
                recipient=names[m.recipient_id],
                text=m.text,
                sent_at=aware(m.sent_at),
                read_at=aware(m.read_at),
            )
            for m in session.scalars(select(Message).order_by(Message.id))
        ],
        activity=[
            ActivitySeed(
                id=n.id,
                user=names[n.user_id],
                actor=names[n.actor_id],
                kind=n.kind,  # type: ignore[arg-type]
                post=refs[n.post_id] if n.post_id else None,
                at=aware(n.created_at),
                read_at=aware(n.read_at),
            )
            for n in session.scalars(select(Notification).order_by(Notification.id))
        ],
    )
