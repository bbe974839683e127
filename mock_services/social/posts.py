"""Posts (the ``posts``, ``timeline`` and ``hashtags`` areas): the home timeline, search,
replies, writing and deleting, likes, reposts and trending hashtags; a like, repost or reply on a
repost goes to its original."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import bindparam, func, or_, select

from mock_services.core.base.access import require_owner
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging
from mock_services.core.spec.api import Ctx
from mock_services.social.activity import notify
from mock_services.social.graph import blockers_of, followed_by, has, muted_by, visible_user
from mock_services.social.models import Hashtag, Like, Media, Post, User
from mock_services.social.text import hashtags_in, mentions_in
from mock_services.social.viewer import VIEWER, now, paged
from mock_services.social.visibility import (
    ORIGINAL,
    VISIBLE,
    can_see_post,
    newest_first,
    visible_post,
)

TRENDING_WINDOW = timedelta(days=7)
TRENDING_SIZE = 10


@dataclass(frozen=True)
class MediaInput:
    kind: str
    url: str
    alt_text: str = ""


def _original(ctx: Ctx, post: Post) -> Post:
    """The post a like, repost or reply is about: a repost stands for its original."""
    return ctx.session.get_one(Post, post.repost_of_id) if post.repost_of_id else post


_MUTED_ORIGINALS = select(ORIGINAL.id).where(ORIGINAL.author_id.in_(muted_by(VIEWER)))
_HOME = select(Post).where(
    VISIBLE,
    Post.reply_to_id.is_(None),
    or_(Post.author_id == VIEWER, Post.author_id.in_(followed_by(VIEWER))),
    Post.author_id.not_in(muted_by(VIEWER)),
    or_(Post.repost_of_id.is_(None), Post.repost_of_id.not_in(_MUTED_ORIGINALS)),
)


def home_timeline(ctx: Ctx, paging: Paging) -> Page[Post]:
    """Posts and reposts (not replies) of the caller and of whom they follow, newest first;
    muted users' posts, and reposts of them, left out."""
    return paged(ctx, newest_first(_HOME), paging)


def search_posts(
    ctx: Ctx,
    q: str | None,
    hashtag: str | None,
    author: str | None,
    paging: Paging,
) -> Page[Post]:
    """Visible posts (not reposts) containing every word of ``q``, tagged ``hashtag``, by
    ``author``."""
    stmt = select(Post).where(VISIBLE, Post.repost_of_id.is_(None))
    for word in (q or "").split()[:10]:
        stmt = stmt.where(contains_text(Post.text, word))
    if hashtag:
        tag = hashtag.removeprefix("#").casefold()
        stmt = stmt.where(Post.id.in_(select(Hashtag.post_id).where(Hashtag.tag == tag)))
    if author:
        stmt = stmt.where(Post.author_id == visible_user(ctx, author).id)
    return paged(ctx, newest_first(stmt), paging)


def replies(ctx: Ctx, post_id: int, paging: Paging) -> Page[Post]:
    """The visible replies to a visible post, oldest first."""
    post = _original(ctx, visible_post(ctx, post_id))
    stmt = (
        select(Post).where(Post.reply_to_id == post.id, VISIBLE).order_by(Post.created_at, Post.id)
    )
    return paged(ctx, stmt, paging)


_TAG_COUNT = func.count(Hashtag.id)
_TRENDING = (
    select(Hashtag.tag, _TAG_COUNT)
    .join(Post, Post.id == Hashtag.post_id)
    .where(VISIBLE, Post.created_at >= bindparam("since"))
    .group_by(Hashtag.tag)
    .order_by(_TAG_COUNT.desc(), Hashtag.tag)
    .limit(TRENDING_SIZE)
)


def trending(ctx: Ctx) -> list[tuple[str, int]]:
    """The most used hashtags of the last 7 days among posts the caller may see (beside every
    page too: the statement is built once)."""
    values = {"viewer": ctx.user_id, "since": now(ctx) - TRENDING_WINDOW}
    return [(tag, n) for tag, n in ctx.session.execute(_TRENDING, values)]


def create_post(
    ctx: Ctx,
    text: str,
    visibility: str,
    media: Sequence[MediaInput] = (),
    reply_to_id: int | None = None,
) -> Post:
    """A new post; a reply must answer a post the caller may see."""
    text = text.strip()
    if not text and not media:
        raise ValidationFailed("a post needs text or at least one media attachment")
    parent = _original(ctx, visible_post(ctx, reply_to_id)) if reply_to_id else None
    post = Post(
        author_id=ctx.user_id,
        text=text,
        visibility=visibility,
        reply_to_id=parent.id if parent else None,
        created_at=now(ctx),
    )
    ctx.session.add(post)
    ctx.session.flush()
    for item in media:
        ctx.session.add(
            Media(post_id=post.id, kind=item.kind, url=item.url, alt_text=item.alt_text)
        )
    for tag in hashtags_in(text):
        ctx.session.add(Hashtag(post_id=post.id, tag=tag))
    if parent is not None:
        notify(ctx, parent.author_id, "reply", post.id)
    _notify_mentions(ctx, post)
    return post


def _notify_mentions(ctx: Ctx, post: Post) -> None:
    """Tell each mentioned user who may see the post (the replied-to author already knows)."""
    parent = ctx.session.get_one(Post, post.reply_to_id) if post.reply_to_id else None
    parent_author = parent.author_id if parent else None
    for name in mentions_in(post.text):
        user = ctx.session.scalar(select(User).where(User.username == name))
        if user is None or user.id == parent_author:
            continue
        if can_see_post(ctx.db, user.id, post.id):
            notify(ctx, user.id, "mention", post.id)


def delete_post(ctx: Ctx, post_id: int) -> None:
    post = visible_post(ctx, post_id)
    require_owner(
        post,
        ctx.user_id,
        kind="post",
        key=post_id,
        owner_attr="author_id",
        hint="you can delete only your own posts",
    )
    post.deleted_at = now(ctx)


def like(ctx: Ctx, post_id: int) -> Post:
    post = _original(ctx, visible_post(ctx, post_id))
    if has(ctx.session, Like, user_id=ctx.user_id, post_id=post.id) is not None:
        raise Conflict(f"you already like post {post.id}")
    ctx.session.add(Like(user_id=ctx.user_id, post_id=post.id, created_at=now(ctx)))
    notify(ctx, post.author_id, "like", post.id)
    return post


def unlike(ctx: Ctx, post_id: int) -> None:
    post = _original(ctx, visible_post(ctx, post_id))
    row = has(ctx.session, Like, user_id=ctx.user_id, post_id=post.id)
    if row is None:
        raise NotFound(f"you do not like post {post.id}")
    ctx.session.delete(row)


def likers(ctx: Ctx, post_id: int, paging: Paging) -> Page[User]:
    post = _original(ctx, visible_post(ctx, post_id))
    stmt = (
        select(User)
        .join(Like, Like.user_id == User.id)
        .where(Like.post_id == post.id, User.id.not_in(blockers_of(ctx.user_id)))
        .order_by(Like.created_at.desc(), Like.id.desc())
    )
    return paged(ctx, stmt, paging)


def _my_repost(ctx: Ctx, original_id: int) -> Post | None:
    return ctx.session.scalar(
        select(Post).where(
            Post.author_id == ctx.user_id,
            Post.repost_of_id == original_id,
            Post.deleted_at.is_(None),
        )
    )


def repost(ctx: Ctx, post_id: int) -> Post:
    """Repost a public post (followers-only posts stay with the author's followers)."""
    original = _original(ctx, visible_post(ctx, post_id))
    if original.visibility != "public":
        raise Conflict(f"post {original.id} is for followers only and cannot be reposted")
    if _my_repost(ctx, original.id) is not None:
        raise Conflict(f"you already reposted post {original.id}")
    post = Post(
        author_id=ctx.user_id,
        text="",
        visibility="public",
        repost_of_id=original.id,
        created_at=now(ctx),
    )
    ctx.session.add(post)
    ctx.session.flush()
    notify(ctx, original.author_id, "repost", original.id)
    return post


def unrepost(ctx: Ctx, post_id: int) -> None:
    original = _original(ctx, visible_post(ctx, post_id))
    mine = _my_repost(ctx, original.id)
    if mine is None:
        raise NotFound(f"you have not reposted post {original.id}")
    mine.deleted_at = now(ctx)
