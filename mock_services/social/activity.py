"""Notifications (the ``notifications`` area; the seed's ``activity``): made when someone
follows, likes, reposts, replies or mentions, listed and read without muted or blocked users."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from mock_services.core.base.errors import NotFound
from mock_services.core.data.paging import Page, Paging
from mock_services.core.spec.api import Ctx
from mock_services.social.graph import blocked_between, blocked_either_way, muted_by
from mock_services.social.models import Notification
from mock_services.social.viewer import VIEWER, now, paged


def notify(ctx: Ctx, user_id: int, kind: str, post_id: int | None) -> None:
    """Tell ``user_id`` what the caller did, unless it is themselves or a block stands between."""
    if user_id == ctx.user_id or blocked_between(ctx.session, user_id, ctx.user_id):
        return
    ctx.session.add(
        Notification(
            user_id=user_id,
            actor_id=ctx.user_id,
            kind=kind,
            post_id=post_id,
            created_at=now(ctx),
        )
    )


_MY_NOTIFICATIONS = select(Notification).where(
    Notification.user_id == VIEWER,
    Notification.actor_id.not_in(muted_by(VIEWER)),
    Notification.actor_id.not_in(blocked_either_way(VIEWER)),
)
"""The viewer's notifications, without those from muted or blocked users."""


def notifications(ctx: Ctx, unread: bool | None, paging: Paging) -> Page[Notification]:
    stmt = _MY_NOTIFICATIONS
    if unread is not None:
        stmt = stmt.where(
            Notification.read_at.is_(None) if unread else Notification.read_at.is_not(None)
        )
    stmt = stmt.order_by(Notification.created_at.desc(), Notification.id.desc())
    return paged(ctx, stmt, paging)


def mark_notifications_read(ctx: Ctx, ids: Sequence[int] | None) -> int:
    """Mark the given notifications (all unread ones when ``ids`` is None) as read."""
    stmt = _MY_NOTIFICATIONS.where(Notification.read_at.is_(None))
    if ids is not None:
        mine = set(ctx.session.scalars(select(Notification.id).where(
            Notification.user_id == ctx.user_id, Notification.id.in_(ids)
        )))  # fmt: skip
        missing = sorted(set(ids) - mine)
        if missing:
            raise NotFound(f"no notification {missing[0]} of yours; see GET /api/notifications")
        stmt = stmt.where(Notification.id.in_(ids))
    rows = ctx.session.scalars(stmt, {"viewer": ctx.user_id}).all()
    for row in rows:
        row.read_at = now(ctx)
    return len(rows)
