"""Days of the health service, and the 422 naming a field, shared by its areas.

Functions that read the clock or the caller take the request ``Ctx``; failures raise
``ApiError`` subclasses in plain words. A ``day`` is a local date in the task's time zone.
"""

from __future__ import annotations

from datetime import date, timedelta

from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx

DIARY_HISTORY_DAYS = 365


def canonical_day(text: str) -> str:
    """A day in its one spelling (``20260301``, `` 2026-03-01``: ``2026-03-01``); ValueError if it
    is none."""
    return date.fromisoformat(text.strip()).isoformat()


def parse_day(text: str, field: str = "day") -> date:
    """A path's ``YYYY-MM-DD`` day, or a 422 naming the value."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise invalid_field(field, f"{text!r} is not a day; expected YYYY-MM-DD") from None


def check_past_day(ctx: Ctx, day: date, field: str = "day") -> date:
    """``day`` if it is today or earlier (and within the diary's history)."""
    current = ctx.today
    if day > current:
        raise invalid_field(
            field, f"{day} is in the future (today is {current}); log what happened"
        )
    if day < current - timedelta(days=DIARY_HISTORY_DAYS):
        raise invalid_field(field, f"{day} is more than {DIARY_HISTORY_DAYS} days ago")
    return day
