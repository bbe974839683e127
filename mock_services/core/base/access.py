"""Looking up a row the caller must own: 404 when it does not exist, 403 when it is not theirs."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy.orm import Session

from mock_services.core.errors import Forbidden, NotFound

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
    if getattr(row, owner_attr) != owner_id:
        raise Forbidden(f"{kind} {row_id} belongs to another account")
    return row
