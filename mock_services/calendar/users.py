"""The profile and users areas: local users by username or email, and your own account."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import NotFound
from mock_services.core.spec.api import Ctx

from .models import User
from .times import zone_of


def find_user(session: Session, who: str) -> User | None:
    """A local user by username or email address (case-insensitive for emails)."""
    user = session.scalar(select(User).where(User.username == who))
    if user is None:
        user = session.scalar(select(User).where(func.lower(User.email) == who.strip().lower()))
    return user


def require_user(session: Session, who: str, field: str) -> User:
    user = find_user(session, who)
    if user is None:
        raise NotFound(f"{field}: no user with username or email {who!r}")
    return user


def update_profile(ctx: Ctx, display_name: str | None, timezone: str | None) -> User:
    if timezone is not None:
        zone_of(timezone)
        ctx.user.timezone = timezone
    if display_name is not None:
        ctx.user.display_name = display_name
    return ctx.user
