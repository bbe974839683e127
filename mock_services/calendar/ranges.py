"""Not an area: the [start, end) a listing, free/busy or conflicts call asks for, in UTC."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from mock_services.core.base.clock import iso, local_day, naive_utc_at, zone
from mock_services.core.base.errors import ValidationFailed, invalid_field
from mock_services.core.spec.api import Ctx

from .times import to_utc, zone_of

MAX_RANGE_DAYS = 366
DEFAULT_RANGE_DAYS = 7


def resolve_range(
    ctx: Ctx, start: datetime | None, end: datetime | None, timezone: str | None = None
) -> tuple[datetime, datetime]:
    """[start, end) as naive UTC: naive values are read in ``timezone`` or the caller's zone;
    the default is today 00:00 (caller's zone) for 7 days."""
    tz = zone_of(timezone, "timezone") if timezone else zone(ctx.user.timezone)
    if start is None:
        start_utc = naive_utc_at(local_day(ctx.now, tz), time(), tz)
    else:
        start_utc = to_utc(start, tz, "start")
    end_utc = (
        start_utc + timedelta(days=DEFAULT_RANGE_DAYS) if end is None else to_utc(end, tz, "end")
    )
    if end_utc <= start_utc:
        raise ValidationFailed(
            f"end ({iso(end_utc)}) must be after start ({iso(start_utc)})",
            details=[{"loc": ["end"], "message": "must be after start", "type": "value_error"}],
        )
    if end_utc - start_utc > timedelta(days=MAX_RANGE_DAYS):
        raise invalid_field("end", f"the range may span at most {MAX_RANGE_DAYS} days")
    return start_utc, end_utc
