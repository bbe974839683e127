"""Users and your profile: the users a task can be assigned to, your name and default time
zone."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import NotFound
from mock_services.core.spec.api import Ctx
from mock_services.todolist.fields import zone_name
from mock_services.todolist.models import User


def user_by_name(session: Session, username: str, field: str) -> User:
    user = session.scalar(select(User).where(User.username == username))
    if user is None:
        raise NotFound(f"{field}: no user {username!r}; GET /api/users lists them")
    return user


def list_users(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.username)))


def user_names(session: Session) -> list[Any]:
    """Every user's username and display name, by username (rows with those two): what a
    task's assignee picker and the people list offer, without whole rows."""
    return list(session.execute(select(User.username, User.display_name).order_by(User.username)))


def update_profile(ctx: Ctx, display_name: str | None, timezone: str | None) -> User:
    """Change the caller's name or default time zone (existing tasks keep their own zone)."""
    if timezone is not None:
        ctx.user.timezone = zone_name(timezone)
    if display_name is not None:
        ctx.user.display_name = display_name
    return ctx.user
