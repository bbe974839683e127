"""The account and directory areas: your display name and signature, local accounts by
address or by the start of a name."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.email.models import User


def update_account(ctx: Ctx, fields: dict[str, Any]) -> User:
    user: User = ctx.user
    if fields.get("display_name", "") is None:
        raise ValidationFailed("display_name: cannot be null")
    if "display_name" in fields:
        if not fields["display_name"].strip():
            raise ValidationFailed("display_name: cannot be blank")
        user.display_name = fields["display_name"].strip()
    if "signature" in fields:
        user.signature = fields["signature"] or ""
    return user


def local_user(session: Session, address: str) -> User | None:
    return session.scalar(select(User).where(User.email == address.strip().lower()))


def directory(session: Session, q: str) -> list[User]:
    """Local accounts whose address, username or a word of the name starts with ``q``."""
    users = session.scalars(select(User).order_by(User.display_name, User.id)).all()
    prefix = q.strip().lower()
    if not prefix:
        return list(users)
    return [
        u
        for u in users
        if u.email.lower().startswith(prefix)
        or u.username.lower().startswith(prefix)
        or u.display_name.lower().startswith(prefix)
        or any(word.startswith(prefix) for word in u.display_name.lower().split())
    ]
