"""Looking up a row the caller must own: 404 when it does not exist, 403 when it is not theirs."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy.orm import Session

from mock_services.core.base.errors import Forbidden, NotFound

RowT = TypeVar("RowT")


def owned(
    session: Session,
    model: type[RowT],
    row_id: int,
    owner_id: int,
    *,
    kind: str,
    owner_attr: str = "owner_id",
) -> RowT:
    """The ``model`` row ``row_id`` if its ``owner_attr`` is ``owner_id``."""
    row = session.get(model, row_id)
    return check_owner(row, owner_id, kind=kind, row_id=row_id, owner_attr=owner_attr)


def check_owner(
    row: RowT | None, owner_id: int, *, kind: str, row_id: Any, owner_attr: str = "owner_id"
) -> RowT:
    """``row`` itself once it is known to exist and to belong to ``owner_id``."""
    if row is None:
        raise NotFound(f"no {kind} {row_id}")
    return require_owner(row, owner_id, kind=kind, key=row_id, owner_attr=owner_attr)


def require_owner(
    row: RowT, owner_id: int, *, kind: str, key: Any, owner_attr: str = "owner_id", hint: str = ""
) -> RowT:
    """``row`` itself if its ``owner_attr`` is ``owner_id``; else ``not_yours``."""
    if getattr(row, owner_attr) != owner_id:
        raise not_yours(kind, key, hint)
    return row


def not_yours(kind: str, key: Any, hint: str = "") -> Forbidden:
    """The one 403 for another account's row, ``"order ORD-1 belongs to another account"``,
    followed by ``hint`` (what the caller may do instead) when there is one."""
    return Forbidden(f"{kind} {key} belongs to another account" + (f"; {hint}" if hint else ""))


def role_refused(action: str, allowed: str, role: str, hint: str = "") -> Forbidden:
    """The one 403 for a caller whose role may not do ``action``,
    ``"only approver users can approve reports; you are employee"``, then ``hint``."""
    return Forbidden(f"only {allowed} can {action}; you are {role}" + (f"; {hint}" if hint else ""))
