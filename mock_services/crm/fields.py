"""What several areas check of a request's fields: a 422 naming the field, the PATCH rule
(a field left out stays; null clears only what may be empty), and names used in lookups."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from mock_services.core.base.errors import ValidationFailed


def invalid(field: str, message: str) -> ValidationFailed:
    """A 422 naming the body field that is wrong."""
    return ValidationFailed(
        f"{field}: {message}",
        details=[{"loc": ["body", field], "message": message, "type": "value_error"}],
    )


def apply_changes(row: Any, changes: Mapping[str, Any], clearable: Collection[str]) -> None:
    """Set ``changes`` on ``row``: null clears a ``clearable`` column and leaves any other."""
    for field, value in changes.items():
        if value is not None or field in clearable:
            setattr(row, field, value)


def full_name(first: str, last: str) -> str:
    return f"{first} {last}".strip()
