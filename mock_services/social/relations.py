"""Follows, blocks and mutes (the ``follows``, ``blocks`` and ``mutes`` areas): made, ended and
listed by the caller."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from mock_services.core.base.errors import Conflict, Forbidden, NotFound
from mock_services.core.spec.api import Ctx
from mock_services.social.activity import notify
from mock_services.social.graph import has, is_blocked_by, is_following, other_user, user_named
from mock_services.social.models import Block, Follow, Mute, User
from mock_services.social.viewer import now

RelationModel = type[Follow] | type[Block] | type[Mute]
RELATION_COLUMNS: dict[Any, tuple[str, str]] = {
    Follow: ("follower_id", "followee_id"),
    Block: ("blocker_id", "blocked_id"),
    Mute: ("muter_id", "muted_id"),
}
"""Each relation's (who, towards whom) columns."""


def follow(ctx: Ctx, username: str) -> User:
    other = other_user(ctx, username, "follow")
    if is_blocked_by(ctx.session, other.id, ctx.user_id):
        raise Forbidden(f"@{username} has blocked you: you cannot follow them")
    if is_blocked_by(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you have blocked @{username}: unblock them first")
    if is_following(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you already follow @{username}")
    ctx.session.add(Follow(follower_id=ctx.user_id, followee_id=other.id, created_at=now(ctx)))
    notify(ctx, other.id, "follow", None)
    return other


def unfollow(ctx: Ctx, username: str) -> None:
    _end_relation(ctx, Follow, username, "you do not follow @{}")


def block(ctx: Ctx, username: str) -> User:
    """Block ``username``: follows both ways end; neither sees the other's posts or messages."""
    other = other_user(ctx, username, "block")
    if is_blocked_by(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you have already blocked @{username}")
    ctx.session.add(Block(blocker_id=ctx.user_id, blocked_id=other.id, created_at=now(ctx)))
    for follower, followee in ((ctx.user_id, other.id), (other.id, ctx.user_id)):
        row = has(ctx.session, Follow, follower_id=follower, followee_id=followee)
        if row is not None:
            ctx.session.delete(row)
    return other


def unblock(ctx: Ctx, username: str) -> None:
    _end_relation(ctx, Block, username, "you have not blocked @{}")


def mute(ctx: Ctx, username: str) -> User:
    """Mute ``username``: their posts leave the caller's home timeline and notifications."""
    other = other_user(ctx, username, "mute")
    if has(ctx.session, Mute, muter_id=ctx.user_id, muted_id=other.id) is not None:
        raise Conflict(f"you have already muted @{username}")
    ctx.session.add(Mute(muter_id=ctx.user_id, muted_id=other.id, created_at=now(ctx)))
    return other


def unmute(ctx: Ctx, username: str) -> None:
    _end_relation(ctx, Mute, username, "you have not muted @{}")


def _end_relation(ctx: Ctx, model: RelationModel, username: str, missing: str) -> None:
    """Delete the caller's follow, block or mute of ``username`` (404 ``missing`` if none)."""
    other = user_named(ctx.session, username)
    subject, target = RELATION_COLUMNS[model]
    row = has(ctx.session, model, **{subject: ctx.user_id, target: other.id})
    if row is None:
        raise NotFound(missing.format(username))
    ctx.session.delete(row)


def relation_list(ctx: Ctx, model: RelationModel) -> list[User]:
    """The users the caller follows, blocked or muted, most recent first."""
    subject, target = (getattr(model, column) for column in RELATION_COLUMNS[model])
    stmt = (
        select(User)
        .join(model, target == User.id)
        .where(subject == ctx.user_id)
        .order_by(model.created_at.desc(), model.id.desc())
    )
    return list(ctx.session.scalars(stmt))
