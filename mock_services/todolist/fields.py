"""A request's time zone field, checked alike by every area that takes one."""

from __future__ import annotations

from mock_services.core.base.errors import invalid_field
from mock_services.todolist.due import DueError, zone


def zone_name(name: str, field: str = "timezone") -> str:
    """``name`` if it is a known time zone, else a 422 naming ``field``."""
    try:
        zone(name)
    except DueError as exc:
        raise invalid_field(field, str(exc)) from None
    return name
