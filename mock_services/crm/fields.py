"""What several areas check of a request's fields: a row a field names, the PATCH rule
(a field left out stays; null clears only what may be empty), and names used in lookups."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from mock_services.core.base.errors import NotFound, invalid_field

RowT = TypeVar("RowT")


def by_id(
    session: Session, model: type[RowT], row_id: int, kind: str, *, field: str | None = None
) -> RowT:
    """The ``kind`` row ``row_id``; a 404 when a path names a missing one, a 422 naming
    ``field`` when a body does."""
    found = session.get(model, row_id)
    if found is None:
        if field is None:
            raise not_found(kind, row_id)
        raise invalid_field(field, f"no {kind} {row_id}; {_listing(kind)} lists them")
    return found


def not_found(kind: str, row_id: int) -> NotFound:
    """The 404 of a path naming the ``kind`` row ``row_id``, which there is not."""
    return NotFound(f"no {kind} {row_id}; list them with {_listing(kind)}")


def _listing(kind: str) -> str:
    return f"GET /api/{'activities' if kind == 'activity' else kind + 's'}"


def apply_changes(row: Any, changes: Mapping[str, Any], clearable: Collection[str]) -> None:
    """Set ``changes`` on ``row``: null clears a ``clearable`` column and leaves any other."""
    for field, value in changes.items():
        if value is not None or field in clearable:
            setattr(row, field, value)


def full_name(first: str, last: str) -> str:
    return f"{first} {last}".strip()
