"""The free/busy area: users' merged busy intervals, and the first free slots for everyone."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from mock_services.core.base.clock import local_day
from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx

from .busy import busy_occurrences
from .models import User
from .times import merge_intervals, to_utc
from .users import require_user


def free_busy(
    ctx: Ctx, who: list[str], lo: datetime, hi: datetime
) -> list[tuple[str, User, list[tuple[datetime, datetime]]]]:
    answer = []
    for i, name in enumerate(who):
        user = require_user(ctx.session, name, f"users[{i}]")
        busy = merge_intervals(
            [
                (max(o.start, lo), min(o.end, hi))
                for o in busy_occurrences(ctx.session, user.id, lo, hi)
            ]
        )
        answer.append((name, user, busy))
    return answer


def suggest_slots(
    ctx: Ctx,
    who: list[str],
    lo: datetime,
    hi: datetime,
    duration: timedelta,
    tz: ZoneInfo,
    day_start: time,
    day_end: time,
    include_weekends: bool,
    step: timedelta,
    limit: int,
) -> list[tuple[datetime, datetime]]:
    """The first ``limit`` slots of ``duration`` within working hours where all are free."""
    if day_end <= day_start:
        raise invalid_field("working_hours_end", "must be after working_hours_start")
    busy = merge_intervals([i for _n, _u, b in free_busy(ctx, who, lo, hi) for i in b])
    slots: list[tuple[datetime, datetime]] = []
    day = local_day(lo, tz)
    last = local_day(hi, tz)
    while day <= last and len(slots) < limit:
        if include_weekends or day.weekday() < 5:
            opens = to_utc(datetime.combine(day, day_start), tz, "start")
            closes = to_utc(datetime.combine(day, day_end), tz, "end")
            cursor = max(opens, lo)
            # align to the step, counted from the opening time
            offset = (cursor - opens) % step
            if offset:
                cursor += step - offset
            while cursor + duration <= min(closes, hi) and len(slots) < limit:
                clash = next((b for b in busy if b[0] < cursor + duration and cursor < b[1]), None)
                if clash is None:
                    slots.append((cursor, cursor + duration))
                    cursor += step
                else:
                    cursor = clash[1]
                    offset = (cursor - opens) % step
                    if offset:
                        cursor += step - offset
        day += timedelta(days=1)
    return slots
