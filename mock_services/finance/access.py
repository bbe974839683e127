"""Whose books a caller may read and change: owners keep their own; auditors read every
user's books and change none. Refusals in the kit's wording."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy import ColumnElement, true

from mock_services.core.base.access import not_yours, require_owner, role_refused
from mock_services.core.spec.api import Ctx

AUDITOR = "auditor"
RowT = TypeVar("RowT")


def reads_all(ctx: Ctx) -> bool:
    return bool(ctx.user.role == AUDITOR)


def mine(ctx: Ctx, owner_column: Any) -> ColumnElement[bool]:
    """The condition on ``owner_column`` for the rows the caller may read."""
    return true() if reads_all(ctx) else owner_column == ctx.user_id


def readable(ctx: Ctx, row: RowT, kind: str, key: Any) -> RowT:
    """``row`` if the caller may read it (theirs, or they audit), else a 403."""
    if reads_all(ctx):
        return row
    return require_owner(row, ctx.user_id, kind=kind, key=key)


def readable_owner(ctx: Ctx, owner_id: int, role: str | None, kind: str, key: Any) -> None:
    """``readable`` for a plain row: a 403 unless the books of ``owner_id`` are the caller's,
    or the caller (whose ``role`` the row read along) audits."""
    if role != AUDITOR and owner_id != ctx.user_id:
        raise not_yours(kind, key)


def writable(ctx: Ctx, row: RowT, kind: str, key: Any, action: str) -> RowT:
    """``row`` if the caller may change it: an owner's own row."""
    require_writer(ctx, action)
    return require_owner(row, ctx.user_id, kind=kind, key=key)


def require_writer(ctx: Ctx, action: str) -> None:
    """A 403 for an auditor, who reads books and changes none."""
    if reads_all(ctx):
        raise role_refused(action, "owners of their books", AUDITOR, "auditors only read")
