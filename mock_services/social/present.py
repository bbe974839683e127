"""Rows turned into API answers, in batches (a page of posts costs a handful of queries)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select

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
    if user.id != ctx.user.id:
        relation = RelationshipOut(**vars(logic.relationship(ctx.session, ctx.user.id, user.id)))
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


def _counts(ctx: Ctx, column: Any, ids: list[int], *where: Any) -> dict[int, int]:
    stmt = select(column, func.count()).where(column.in_(ids), *where).group_by(column)
    return dict(ctx.session.execute(stmt).tuples().all())


def post_outs(ctx: Ctx, posts: Sequence[Post]) -> list[PostOut]:
    """Each post with its author, media, hashtags, counts and the caller's like and repost;
    a repost carries its original."""
    originals = {
        p.id: p
        for p in ctx.session.scalars(
            select(Post).where(Post.id.in_([p.repost_of_id for p in posts if p.repost_of_id]))
        )
    }
    every = [*posts, *originals.values()]
    ids = [p.id for p in every]
    users = {
        u.id: u
        for u in ctx.session.scalars(select(User).where(User.id.in_({p.author_id for p in every})))
    }
    media = _grouped(
        ctx.session.execute(
            select(Media.post_id, Media).where(Media.post_id.in_(ids)).order_by(Media.id)
        )
    )
    tags = _grouped(
        ctx.session.execute(
            select(Hashtag.post_id, Hashtag.tag)
            .where(Hashtag.post_id.in_(ids))
            .order_by(Hashtag.id)
        )
    )
    alive = Post.deleted_at.is_(None)
    likes = _counts(ctx, Like.post_id, ids)
    reposts = _counts(ctx, Post.repost_of_id, ids, alive)
    reply_counts = _counts(ctx, Post.reply_to_id, ids, alive)
    me = ctx.user.id
    liked = set(
        ctx.session.scalars(select(Like.post_id).where(Like.user_id == me, Like.post_id.in_(ids)))
    )
    reposted = set(
        ctx.session.scalars(
            select(Post.repost_of_id).where(Post.author_id == me, Post.repost_of_id.in_(ids), alive)
        )
    )

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
            "like_count": likes.get(post.id, 0),
            "repost_count": reposts.get(post.id, 0),
            "reply_count": reply_counts.get(post.id, 0),
            "liked": post.id in liked,
            "reposted": post.id in reposted,
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
