"""The social network's seed document: users (profiles), follows, blocks, mutes, posts with
media, likes, direct messages and notifications, referenced by natural keys (usernames, post
keys).

A post is named by its ``key`` (or, for posts without one, by its id); replies and reposts
point at an earlier post of the document. Hashtags are not seeded: they are read from the text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field, model_validator
from sqlalchemy.orm import Session

from mock_services.core.seeding.seed import SeedDateTime, SeedModel, ServiceSeed, bulk_insert
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    Entity,
    Entry,
    Exporting,
    Hook,
    Loading,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
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


# --- Load and export: one mapping per entity ---------------------------------------------------


def _post_id(seed_field: str) -> Callable[[Entry], int | None]:
    """Loads a post reference (its ``key``, or its id when it has none) as the post's id."""

    def post_id(entry: Entry) -> int | None:
        ref = getattr(entry.seed, seed_field)
        if ref is None:
            return None
        kind = "post id" if isinstance(ref, int) else "post"
        return entry.ctx.ref(kind, ref, (*entry.loc, seed_field))

    return post_id


def _post_ref(column: str) -> Callable[[Any, Exporting], PostRef | None]:
    """Dumps a post's id as its reference: its ``key``, or its id when it has none."""

    def post_ref(row: Any, export: Exporting) -> PostRef | None:
        post_id = getattr(row, column)
        if post_id is None:
            return None
        post = export.objects["post"][post_id]
        return post.key if post.key is not None else post.id

    return post_ref


def _post_field(seed_field: str, column: str) -> Hook:
    return Hook(seed_field, column, _post_id(seed_field), _post_ref(column))


def _repost_of(entry: Entry) -> int | None:
    """The reposted post, which must be an original (reposts of reposts are refused)."""
    post_id = _post_id("repost_of")(entry)
    if post_id is not None and entry.loading.rows["post"][post_id]["repost_of_id"] is not None:
        raise entry.ctx.error((*entry.loc, "repost_of"), "repost the original post, not a repost")
    return post_id


def _relation(name: str, seed: type, model: type, subject: str, target: str) -> Entity:
    """Follows, blocks and mutes: one user towards another, each pair once."""

    def check(entry: Entry) -> None:
        who, whom = entry.row[f"{subject}_id"], entry.row[f"{target}_id"]
        if who == whom:
            raise entry.ctx.error((*entry.loc, target), f"a user cannot be in their own {name}")
        earlier = entry.loading.earlier(name, f"{subject}_id", entry)
        if any(row[f"{target}_id"] == whom for row in earlier):
            raise entry.ctx.error(entry.loc, f"{name} lists this pair twice")

    return Entity(
        name,
        seed,
        model,
        (
            Ref(subject, f"{subject}_id", "user"),
            Ref(target, f"{target}_id", "user"),
            moment("at", "created_at", default=now_naive),
        ),
        check=check,
    )


def _liked_once(entry: Entry) -> None:
    earlier = entry.loading.earlier("like", "user_id", entry)
    if any(row["post_id"] == entry.row["post_id"] for row in earlier):
        like = entry.seed
        raise entry.ctx.error(entry.loc, f"{like.user} likes post {like.post!r} twice")


def _not_to_oneself(entry: Entry) -> None:
    if entry.row["sender_id"] == entry.row["recipient_id"]:
        raise entry.ctx.error((*entry.loc, "recipient"), "a user cannot message themselves")


def _hashtags(session: Session, loading: Loading) -> None:
    """The posts' hashtags, read from their text, numbered in post id order as the API adds
    them (so that a seeded export reproduces the same rows)."""
    posts = sorted(loading.rows["post"].values(), key=lambda row: row["id"])
    tagged = ((row["id"], tag) for row in posts for tag in hashtags_in(row["text"]))
    tags = [{"id": n + 1, "post_id": post, "tag": tag} for n, (post, tag) in enumerate(tagged)]
    if tags:
        bulk_insert(session, Hashtag, tags)


USER = Entity(
    "user",
    SocialUserSeed,
    User,
    (
        *USER_FIELDS,
        "bio",
        "location",
        "website",
        "messages_from",
        moment("joined_at", default=now_naive),
    ),
    key="username",
)
FOLLOW = _relation("follows", FollowSeed, Follow, "follower", "followee")
BLOCK = _relation("blocks", BlockSeed, Block, "blocker", "blocked")
MUTE = _relation("mutes", MuteSeed, Mute, "muter", "muted")
MEDIA = Entity("media", MediaSeed, Media, ("kind", "url", "alt_text"))
POST = Entity(
    "post",
    PostSeed,
    Post,
    (
        _post_field("reply_to", "reply_to_id"),
        Hook("repost_of", "repost_of_id", _repost_of, _post_ref("repost_of_id")),
        "key",
        Ref("author", "author_id", "user"),
        "text",
        "visibility",
        moment("created_at"),
        moment("deleted_at"),
    ),
    key="key",
    named_by_id="post id",
    one_by_one=True,
    children=(Children("media", MEDIA, "post_id"),),
)
LIKE = Entity(
    "like",
    LikeSeed,
    Like,
    (
        Ref("user", "user_id", "user"),
        _post_field("post", "post_id"),
        moment("at", "created_at", default=now_naive),
    ),
    check=_liked_once,
)
MESSAGE = Entity(
    "message",
    MessageSeed,
    Message,
    (
        Ref("sender", "sender_id", "user"),
        Ref("recipient", "recipient_id", "user"),
        "text",
        moment("sent_at"),
        moment("read_at"),
    ),
    check=_not_to_oneself,
)
ACTIVITY = Entity(
    "activity",
    ActivitySeed,
    Notification,
    (
        Ref("user", "user_id", "user"),
        Ref("actor", "actor_id", "user"),
        "kind",
        _post_field("post", "post_id"),
        moment("at", "created_at"),
        moment("read_at"),
    ),
)
SEED_MAP = SeedMap(
    SocialSeed,
    (
        Section("users", USER),
        Section("follows", FOLLOW),
        Section("blocks", BLOCK),
        Section("mutes", MUTE),
        Section("posts", POST),
        Section("likes", LIKE),
        Section("messages", MESSAGE),
        Section("activity", ACTIVITY),
    ),
    order=(USER, FOLLOW, BLOCK, MUTE, POST, MEDIA, _hashtags, LIKE, MESSAGE, ACTIVITY),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
