"""Due dates in a task's own time zone, the next due date of a recurring task, and the
request's moment as the tables store it (naive UTC)."""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from mock_services.core.base import clock
from mock_services.core.spec.api import Ctx

DUE_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
MIN_YEAR, MAX_YEAR = 1970, 2100


class DueError(ValueError):
    """A time zone or due date that cannot be used; the message says what was expected."""


def zone(name: str) -> ZoneInfo:
    """The IANA zone ``name``, or a ``DueError`` naming it."""
    if not name or name.strip() != name or len(name) > 64:
        raise DueError(f"unknown time zone {name!r}; expected an IANA name such as 'Europe/Paris'")
    try:
        return clock.zone(name)
    except clock.DateParseError as exc:
        raise DueError(str(exc)) from None


def due_moment(due_date: date | None, due_time: str | None, tz_name: str) -> datetime | None:
    """When a task falls due, naive UTC: ``due_time`` on ``due_date`` in ``tz_name``, or the end
    of that local day (the next local midnight) when there is no time."""
    if due_date is None:
        if due_time is not None:
            raise DueError("due_time needs a due_date")
        return None
    if not MIN_YEAR <= due_date.year <= MAX_YEAR:
        raise DueError(f"due_date {due_date.isoformat()} is out of range ({MIN_YEAR}-{MAX_YEAR})")
    tz = zone(tz_name)
    if due_time is None:
        return clock.naive_utc_at(due_date + timedelta(days=1), time(), tz)
    if not DUE_TIME.match(due_time):
        raise DueError(f"due_time {due_time!r} is not a time of day; expected 'HH:MM'")
    hours, minutes = (int(part) for part in due_time.split(":"))
    return clock.naive_utc_at(due_date, time(hours, minutes), tz)


def utc_now(ctx: Ctx) -> datetime:
    """The request's moment as the tables store it: naive UTC."""
    return clock.to_naive_utc(ctx.now)


def _add_months(day: date, months: int) -> date:
    """``day`` moved by ``months``, clamped to the month's last day (31 Jan + 1 month = 28 Feb)."""
    total = day.month - 1 + months
    year, month = day.year + total // 12, total % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def step(day: date, freq: str, interval: int, anchor: date) -> date:
    """The due date after ``day`` for a rule; months count from ``anchor`` so that a task due on
    the 31st comes back on the 31st whenever the month has one."""
    if freq == "daily":
        return day + timedelta(days=interval)
    if freq == "weekly":
        return day + timedelta(weeks=interval)
    months = interval * (12 if freq == "yearly" else 1)
    elapsed = (day.year - anchor.year) * 12 + day.month - anchor.month
    return _add_months(anchor, elapsed + months)


def next_due_date(
    due: date, freq: str, interval: int, until: date | None, today: date
) -> date | None:
    """The next occurrence's due date once the task due on ``due`` is completed: one step of the
    rule, then more until it is not before ``today`` (a late completion does not spawn an
    already overdue task); None when the rule's ``until`` has passed."""
    following = step(due, freq, interval, due)
    while following < today:
        following = step(following, freq, interval, due)
    if until is not None and following > until:
        return None
    if following.year > MAX_YEAR:
        return None
    return following
