"""Rows turned into API answers, in batches (a page of posts costs a handful of queries)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, func, select

from mock_services.core.api import Ctx
from mock_services.core.clock import iso
from mock_services.social import logic
from mock_services.social.models import Hashtag, Like, Media, Message, Notification, Post, User
from mock_services.social.schemas import (
    MediaOut,
    MessageOut,
    NotificationOut,
    PostBody,
    PostOut,
    ProfileOut,
    RelationshipOut,
    UserRef,
)


def user_ref(user: User) -> UserRef:
    return UserRef(id=user.id, username=user.username, display_name=user.display_name)


def profile_out(ctx: Ctx, user: User) -> ProfileOut:
    counts = logic.profile_counts(ctx.session, user.id)
    relation = None
    if user.id != ctx.user_id:
        relation = RelationshipOut(**vars(logic.relationship(ctx.session, ctx.user_id, user.id)))
    return ProfileOut(
        id=user.id,
        username=user.username,
        display_name=user.display_name,
        bio=user.bio,
        location=user.location,
        website=user.website,
        messages_from=user.messages_from,  # type: ignore[arg-type]
        joined_at=iso(user.joined_at) or "",
        followers_count=counts.followers,
        following_count=counts.following,
        posts_count=counts.posts,
        relationship=relation,
    )


def _grouped(rows: Any) -> dict[int, list[Any]]:
    found: dict[int, list[Any]] = {}
    for key, value in rows:
        found.setdefault(key, []).append(value)
    return found


# Built once (see logic.VIEWER): the posts' ids are bound as ``ids``.
_IDS = bindparam("ids", expanding=True)
_ALIVE = Post.deleted_at.is_(None)
_POSTS = select(Post).where(Post.id.in_(_IDS))
_USERS = select(User).where(User.id.in_(_IDS))
_MEDIA = select(Media.post_id, Media).where(Media.post_id.in_(_IDS)).order_by(Media.id)
_TAGS = select(Hashtag.post_id, Hashtag.tag).where(Hashtag.post_id.in_(_IDS)).order_by(Hashtag.id)
# (post id, how many, whether the viewer is among them)
_LIKES = (
    select(Like.post_id, func.count(), func.max(Like.user_id == logic.VIEWER))
    .where(Like.post_id.in_(_IDS))
    .group_by(Like.post_id)
)
_REPOSTS = (
    select(Post.repost_of_id, func.count(), func.max(Post.author_id == logic.VIEWER))
    .where(Post.repost_of_id.in_(_IDS), _ALIVE)
    .group_by(Post.repost_of_id)
)
_REPLIES = (
    select(Post.reply_to_id, func.count(), False)
    .where(Post.reply_to_id.in_(_IDS), _ALIVE)
    .group_by(Post.reply_to_id)
)


def _tally(ctx: Ctx, stmt: Any, ids: list[int]) -> dict[int, tuple[int, bool]]:
    rows = ctx.session.execute(stmt, {"ids": ids, "viewer": ctx.user_id})
    return {post_id: (count, bool(mine)) for post_id, count, mine in rows}


def post_outs(ctx: Ctx, posts: Sequence[Post]) -> list[PostOut]:
    """Each post with its author, media, hashtags, counts and the caller's like and repost;
    a repost carries its original."""
    repost_of = [p.repost_of_id for p in posts if p.repost_of_id]
    originals = (
        {p.id: p for p in ctx.session.scalars(_POSTS, {"ids": repost_of})} if repost_of else {}
    )
    every = [*posts, *originals.values()]
    ids = [p.id for p in every]
    users = {
        u.id: u for u in ctx.session.scalars(_USERS, {"ids": list({p.author_id for p in every})})
    }
    media = _grouped(ctx.session.execute(_MEDIA, {"ids": ids}))
    tags = _grouped(ctx.session.execute(_TAGS, {"ids": ids}))
    likes, reposts, replies = (_tally(ctx, stmt, ids) for stmt in (_LIKES, _REPOSTS, _REPLIES))
    none = (0, False)

    def body(post: Post) -> dict[str, Any]:
        return {
            "id": post.id,
            "author": user_ref(users[post.author_id]),
            "text": post.text,
            "visibility": post.visibility,
            "created_at": iso(post.created_at) or "",
            "reply_to_id": post.reply_to_id,
            "media": [MediaOut.model_validate(m) for m in media.get(post.id, [])],
            "hashtags": tags.get(post.id, []),
            "like_count": likes.get(post.id, none)[0],
            "repost_count": reposts.get(post.id, none)[0],
            "reply_count": replies.get(post.id, none)[0],
            "liked": likes.get(post.id, none)[1],
            "reposted": reposts.get(post.id, none)[1],
        }

    return [
        PostOut(
            **body(p),
            repost_of=PostBody(**body(originals[p.repost_of_id])) if p.repost_of_id else None,
        )
        for p in posts
    ]


def notification_outs(ctx: Ctx, rows: Sequence[Notification]) -> list[NotificationOut]:
    actors = {
        u.id: u
        for u in ctx.session.scalars(select(User).where(User.id.in_({n.actor_id for n in rows})))
    }
    return [
        NotificationOut(
            id=n.id,
            kind=n.kind,  # type: ignore[arg-type]
            actor=user_ref(actors[n.actor_id]),
            post_id=n.post_id,
            created_at=iso(n.created_at) or "",
            read=n.read_at is not None,
        )
        for n in rows
    ]


def message_out(message: Message, names: dict[int, str]) -> MessageOut:
    return MessageOut(
        id=message.id,
        sender=names[message.sender_id],
        recipient=names[message.recipient_id],
        text=message.text,
        sent_at=iso(message.sent_at) or "",
        read_at=iso(message.read_at),
    )
