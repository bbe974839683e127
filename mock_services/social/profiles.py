"""Profiles (the ``profile`` and ``users`` areas): your own and its changes, people found by
name, a profile's counts and relationship to you, its followers, following and posts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import BindParameter, Select, bindparam, func, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging
from mock_services.core.spec.api import Ctx
from mock_services.social.graph import (
    blockers_of,
    followed_by,
    has,
    is_blocked_by,
    is_following,
    visible_user,
)
from mock_services.social.models import Block, Follow, Mute, Post, User
from mock_services.social.viewer import VIEWER, paged
from mock_services.social.visibility import VISIBLE, newest_first


@dataclass(frozen=True)
class Relationship:
    following: bool
    followed_by: bool
    blocking: bool
    muting: bool


def relationship(session: Session, viewer_id: int, other_id: int) -> Relationship:
    return Relationship(
        following=is_following(session, viewer_id, other_id),
        followed_by=is_following(session, other_id, viewer_id),
        blocking=is_blocked_by(session, viewer_id, other_id),
        muting=has(session, Mute, muter_id=viewer_id, muted_id=other_id) is not None,
    )


@dataclass(frozen=True)
class ProfileCounts:
    followers: int
    following: int
    posts: int


_COUNTED: BindParameter[int] = bindparam("user")
_FOLLOWERS = select(func.count()).where(Follow.followee_id == _COUNTED)
_FOLLOWING = select(func.count()).where(Follow.follower_id == _COUNTED)
_POSTS = select(func.count()).where(
    Post.author_id == _COUNTED, Post.deleted_at.is_(None), Post.repost_of_id.is_(None)
)


def profile_counts(session: Session, user_id: int) -> ProfileCounts:
    """A profile's three counts (beside every page and in every profile: statements built
    once)."""

    def count(stmt: Select[Any]) -> int:
        return session.scalar(stmt, {"user": user_id}) or 0

    return ProfileCounts(
        followers=count(_FOLLOWERS), following=count(_FOLLOWING), posts=count(_POSTS)
    )


def update_profile(ctx: Ctx, changes: dict[str, Any]) -> User:
    for name, value in changes.items():
        setattr(ctx.user, name, value)
    return ctx.user


def search_users(ctx: Ctx, q: str | None, paging: Paging) -> Page[User]:
    """Users whose username or name contains ``q``, except those who blocked the caller."""
    stmt = select(User).where(User.id.not_in(blockers_of(ctx.user_id)))
    if q:
        stmt = stmt.where(or_(contains_text(User.username, q), contains_text(User.display_name, q)))
    return paged(ctx, stmt.order_by(User.username), paging)


_FANS = select(Follow.followee_id, func.count().label("n")).group_by(Follow.followee_id).subquery()
_WHO_TO_FOLLOW = (
    select(User)
    .outerjoin(_FANS, _FANS.c.followee_id == User.id)
    .where(
        User.id != VIEWER,
        User.id.not_in(followed_by(VIEWER)),
        User.id.not_in(blockers_of(VIEWER)),
        User.id.not_in(select(Block.blocked_id).where(Block.blocker_id == VIEWER)),
    )
    .order_by(func.coalesce(_FANS.c.n, 0).desc(), User.username)
    .limit(bindparam("limit"))
)


def who_to_follow(ctx: Ctx, limit: int = 3) -> list[User]:
    """People the caller does not follow yet (nor blocks, nor is blocked by), the most followed
    first: the "Who to follow" box beside every page (its statement built once)."""
    return list(ctx.session.scalars(_WHO_TO_FOLLOW, {"viewer": ctx.user_id, "limit": limit}))


def follow_counts(session: Session, user_id: int) -> tuple[int, int]:
    """A profile's followers and following counts alone (a list of people shows no more)."""
    params = {"user": user_id}
    return session.scalar(_FOLLOWERS, params) or 0, session.scalar(_FOLLOWING, params) or 0


def follow_list(
    ctx: Ctx, username: str, direction: str, paging: Paging, user: User | None = None
) -> Page[User]:
    """``direction`` 'followers' (who follows the user) or 'following' (whom the user follows),
    except those who blocked the caller; ``user`` is ``username``'s row where the caller has
    already read it as one it may look at (``visible_user``)."""
    if user is None or user.username != username:
        user = visible_user(ctx, username)
    mine, theirs = (
        (Follow.followee_id, Follow.follower_id)
        if direction == "followers"
        else (Follow.follower_id, Follow.followee_id)
    )
    stmt = (
        select(User)
        .join(Follow, theirs == User.id)
        .where(mine == user.id, User.id.not_in(blockers_of(ctx.user_id)))
        .order_by(Follow.created_at.desc(), Follow.id.desc())
    )
    return paged(ctx, stmt, paging)


def user_posts(ctx: Ctx, username: str, paging: Paging) -> Page[Post]:
    """A profile's posts, replies and reposts the caller may see (muting does not hide them)."""
    user = visible_user(ctx, username)
    stmt = select(Post).where(Post.author_id == user.id, VISIBLE)
    return paged(ctx, newest_first(stmt), paging)
