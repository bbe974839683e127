"""Users by name and who follows, blocks and mutes whom: the look-ups every area's rules ask."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, select, union
from sqlalchemy.orm import Session

from mock_services.core.base.errors import Forbidden, NotFound, ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.social.models import Block, Follow, Mute, User


def user_named(session: Session, username: str) -> User:
    user = session.scalar(select(User).where(User.username == username))
    if user is None:
        raise NotFound(f"no user @{username}; find people with GET /api/users?q=...")
    return user


# The four below take a user id, or VIEWER in statements built once.


def blocked_either_way(viewer: Any) -> Any:
    """Ids of users who blocked the viewer or whom the viewer blocked."""
    return union(
        select(Block.blocked_id).where(Block.blocker_id == viewer),
        select(Block.blocker_id).where(Block.blocked_id == viewer),
    )


def blockers_of(viewer: Any) -> Select[Any]:
    """Ids of users who blocked the viewer: lists of people leave them out, as search does."""
    return select(Block.blocker_id).where(Block.blocked_id == viewer)


def followed_by(viewer: Any) -> Select[Any]:
    return select(Follow.followee_id).where(Follow.follower_id == viewer)


def muted_by(viewer: Any) -> Select[Any]:
    return select(Mute.muted_id).where(Mute.muter_id == viewer)


def has(session: Session, model: type[Any], **columns: int) -> Any:
    return session.scalar(select(model).filter_by(**columns))


def is_blocked_by(session: Session, blocker_id: int, blocked_id: int) -> bool:
    return has(session, Block, blocker_id=blocker_id, blocked_id=blocked_id) is not None


def is_following(session: Session, follower_id: int, followee_id: int) -> bool:
    return has(session, Follow, follower_id=follower_id, followee_id=followee_id) is not None


def blocked_between(session: Session, one: int, other: int) -> bool:
    return is_blocked_by(session, one, other) or is_blocked_by(session, other, one)


def visible_user(ctx: Ctx, username: str) -> User:
    """A user the caller may look at: anyone but someone who blocked the caller."""
    user = user_named(ctx.session, username)
    if user.id != ctx.user_id and is_blocked_by(ctx.session, user.id, ctx.user_id):
        raise Forbidden(f"@{username} has blocked you: you cannot see their profile or posts")
    return user


def other_user(ctx: Ctx, username: str, action: str) -> User:
    other = user_named(ctx.session, username)
    if other.id == ctx.user_id:
        raise ValidationFailed(f"you cannot {action} yourself")
    return other
