"""Time zones, local rendering, event timings and recurrence expansion for calendar events."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mock_services.core.base import clock
from mock_services.core.base.clock import (
    iso,
    local_day,
    local_moment,
    naive_utc_at,
    to_naive_utc,
    with_zone,
)
from mock_services.core.base.errors import ValidationFailed, invalid_field

from .models import Event, EventException

MIN_YEAR, MAX_YEAR = 1970, 2100
MAX_ITERATIONS = 5000


def zone_of(name: str, field: str = "timezone") -> ZoneInfo:
    """The IANA zone ``name`` or a 422 naming the value."""
    if not name or name.strip() != name or len(name) > 64:
        raise invalid_field(
            field, f"unknown time zone {name!r}; expected an IANA name such as 'Europe/Paris'"
        )
    try:
        return clock.zone(name)
    except clock.DateParseError:
        raise invalid_field(
            field, f"unknown time zone {name!r}; expected an IANA name such as 'Europe/Paris'"
        ) from None


def _check_year(year: int, field: str, shown: str) -> None:
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise invalid_field(
            field, f"{shown} is out of range; years {MIN_YEAR}-{MAX_YEAR} are supported"
        )


def to_utc(value: datetime, tz: ZoneInfo, field: str) -> datetime:
    """Naive UTC for storage; a naive ``value`` is local time in ``tz``."""
    _check_year(value.year, field, value.isoformat())
    value = with_zone(value, tz)
    try:
        result = to_naive_utc(value)
    except (OverflowError, ValueError):
        raise invalid_field(field, f"{value.isoformat()} is out of range") from None
    _check_year(result.year, field, value.isoformat())
    return result


def check_date(value: date, field: str) -> date:
    _check_year(value.year, field, value.isoformat())
    return value


def local_iso(moment: datetime, tz: ZoneInfo) -> str:
    return local_moment(moment, tz).isoformat(timespec="seconds")


def fmt_local(moment: datetime, tz: ZoneInfo) -> str:
    """Human form for mails and pages: 'Tue 3 Mar 2026 10:00 (Europe/London)'."""
    local = local_moment(moment, tz)
    return f"{local:%a} {local.day} {local:%b %Y %H:%M} ({tz.key})"


@dataclass(frozen=True)
class Occurrence:
    """One instance of an event; ``index`` is None for a non-recurring event; ``exception`` is
    set when this instance was changed or cancelled on its own."""

    event: Event
    index: int | None
    start: datetime  # naive UTC
    end: datetime
    start_date: date | None = None
    end_date: date | None = None
    exception: EventException | None = None

    @property
    def status(self) -> str:
        return self.exception.status if self.exception else self.event.status

    def field(self, name: str) -> str:
        """The title, description or location of this instance (its override, or the series')."""
        override = getattr(self.exception, name) if self.exception else None
        return override if override is not None else getattr(self.event, name)


def _add_months(day: date, months: int) -> date | None:
    total = day.month - 1 + months
    year, month = day.year + total // 12, total % 12 + 1
    if year > MAX_YEAR + 1:
        return None
    try:
        return day.replace(year=year, month=month)
    except ValueError:
        return None  # e.g. the 31st in a 30-day month: no occurrence that month


def _step_days(event: Event) -> int:
    return (1 if event.recurrence_freq == "daily" else 7) * max(event.recurrence_interval, 1)


def _first_step(event: Event, lo: datetime | None, tz: ZoneInfo) -> int:
    """A step of the rule at or before the first instance that can end after ``lo``, so that a
    long series is not walked from its start (only for rules without a count)."""
    if event.recurrence_count is not None or lo is None:
        return 0
    first_day, span_days = _first_day(event, tz), 0
    if event.all_day and event.start_date and event.end_date:
        span_days = (event.end_date - event.start_date).days
    lo_day = local_day(lo, tz) - timedelta(days=span_days + 2)
    lo_day -= timedelta(days=(event.end_at - event.start_at).days + 1)
    gap = (lo_day - first_day).days
    if gap <= 0:
        return 0
    if event.recurrence_freq == "monthly":
        return max(0, gap // 31 // max(event.recurrence_interval, 1) - 1)
    return gap // _step_days(event)


def _first_day(event: Event, tz: ZoneInfo) -> date:
    if event.all_day and event.start_date:
        return event.start_date
    return local_day(event.start_at, tz)


def rule_instances(event: Event, lo: datetime | None = None) -> Iterator[Occurrence]:
    """The instances the recurrence rule produces, in order, without exceptions applied
    (starting near ``lo`` when the rule has no count). Expanded in the event's own zone, so a
    weekly 10:00 meeting stays at 10:00 local time across daylight-saving changes."""
    tz = clock.zone(event.timezone)
    first_day = _first_day(event, tz)
    if event.all_day and event.start_date and event.end_date:
        span_days, first_time, duration = (event.end_date - event.start_date).days, time(), None
    else:
        span_days = 0
        first_time = local_moment(event.start_at, tz).time()
        duration = event.end_at - event.start_at
    count, until = event.recurrence_count, event.recurrence_until
    k, produced = _first_step(event, lo, tz), 0
    for _ in range(MAX_ITERATIONS):
        if event.recurrence_freq == "monthly":
            day = _add_months(first_day, k * max(event.recurrence_interval, 1))
            if day is None and first_day.year + k // 12 > MAX_YEAR:
                return
        else:
            day = first_day + timedelta(days=k * _step_days(event))
        k += 1
        if day is None:
            continue
        if day.year > MAX_YEAR or (until is not None and day > until):
            return
        if count is not None and produced >= count:
            return
        index = produced if count is not None else k - 1
        produced += 1
        if duration is None:
            last_day = day + timedelta(days=span_days)
            start = naive_utc_at(day, time(), tz)
            end = naive_utc_at(last_day + timedelta(days=1), time(), tz)
            yield Occurrence(event, index, start, end, day, last_day)
        else:
            start = naive_utc_at(day, first_time, tz)
            yield Occurrence(event, index, start, start + duration)


def rule_instance(event: Event, index: int) -> Occurrence | None:
    """The ``index``-th instance of the rule (as ``occurrence_index`` numbers them), if any."""
    for occurrence in rule_instances(event):
        if occurrence.index == index:
            return occurrence
        if occurrence.index is not None and occurrence.index > index:
            return None
    return None


def occurrences(
    event: Event, lo: datetime | None, hi: datetime | None, *, include_cancelled: bool = False
) -> list[Occurrence]:
    """The instances of ``event`` overlapping [lo, hi) (naive UTC; None means unbounded), with
    its exceptions applied: a changed instance appears at its own time, a cancelled one not at
    all (unless ``include_cancelled``). An unbounded recurrence needs ``hi``."""

    def overlaps(start: datetime, end: datetime) -> bool:
        return (hi is None or start < hi) and (lo is None or end > lo)

    if not event.recurrence_freq:
        if overlaps(event.start_at, event.end_at):
            return [
                Occurrence(
                    event, None, event.start_at, event.end_at, event.start_date, event.end_date
                )
            ]
        return []
    if event.recurrence_count is None and event.recurrence_until is None and hi is None:
        raise ValueError("an unbounded recurrence needs an upper bound")
    changed = {x.occurrence_index: x for x in event.exceptions}
    found: list[Occurrence] = []
    for occurrence in rule_instances(event, lo):
        if hi is not None and occurrence.start >= hi:
            break
        if occurrence.index not in changed and overlaps(occurrence.start, occurrence.end):
            found.append(occurrence)
    for x in changed.values():
        if (include_cancelled or x.status != "cancelled") and overlaps(x.start_at, x.end_at):
            found.append(
                Occurrence(
                    event, x.occurrence_index, x.start_at, x.end_at, x.start_date, x.end_date, x
                )
            )
    found.sort(key=lambda o: (o.start, o.index))
    return found


def merge_intervals(intervals: list[tuple[datetime, datetime]]) -> list[tuple[datetime, datetime]]:
    merged: list[tuple[datetime, datetime]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def last_end(event: Event) -> datetime:
    """When the event's last instance ends (``datetime.max`` for a series with no end)."""
    if not event.recurrence_freq:
        return event.end_at
    if event.recurrence_count is None and event.recurrence_until is None:
        return datetime.max
    found = occurrences(event, None, datetime(2101, 1, 1))
    return found[-1].end if found else event.end_at


@dataclass
class Timing:
    start_at: datetime
    end_at: datetime
    timezone: str
    all_day: bool
    start_date: date | None
    end_date: date | None


def _end_after_start(start: Any, end: Any, names: tuple[str, str] = ("start", "end")) -> None:
    raise ValidationFailed(
        f"{names[1]} ({end}) must be after {names[0]} ({start}); fix {names[0]} or {names[1]}",
        details=[
            {"loc": ["body", names[0]], "message": "must be before end", "type": "value_error"},
            {"loc": ["body", names[1]], "message": "must be after start", "type": "value_error"},
        ],
    )


def timed(start: datetime, end: datetime, tz_name: str) -> Timing:
    tz = zone_of(tz_name)
    start_at, end_at = to_utc(start, tz, "start"), to_utc(end, tz, "end")
    if end_at <= start_at:
        _end_after_start(iso(start_at), iso(end_at))
    return Timing(start_at, end_at, tz_name, False, None, None)


def all_day_timing(start_date: date, end_date: date | None, tz_name: str) -> Timing:
    tz = zone_of(tz_name)
    check_date(start_date, "start_date")
    last = check_date(end_date or start_date, "end_date")
    if last < start_date:
        _end_after_start(start_date, last, ("start_date", "end_date"))
    return Timing(
        naive_utc_at(start_date, time(), tz),
        naive_utc_at(last + timedelta(days=1), time(), tz),
        tz_name,
        True,
        start_date,
        last,
    )
