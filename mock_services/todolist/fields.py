"""The checks of a request's fields that several areas share: a 422 naming the field, and
a time zone name."""

from __future__ import annotations

from mock_services.core.base.errors import ValidationFailed
from mock_services.todolist.due import DueError, zone


def invalid(field: str, message: str) -> ValidationFailed:
    """A 422 naming the body field that is wrong."""
    return ValidationFailed(
        f"{field}: {message}",
        details=[{"loc": ["body", field], "message": message, "type": "value_error"}],
    )


def zone_name(name: str, field: str = "timezone") -> str:
    """``name`` if it is a known time zone, else a 422 naming ``field``."""
    try:
        zone(name)
    except DueError as exc:
        raise invalid(field, str(exc)) from None
    return name
