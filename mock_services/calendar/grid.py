"""What the calendar's three views share: the event instances of a run of days in the user's
time zone, each day with the instances on it (the week list, the month grid and the day's
time grid all read :func:`days_of`), the month's weeks with short chips per day, the day's
timed events laid out as blocks side by side, the ``month`` and ``date`` a page is asked for,
and the links of the Day | Week | Month switcher."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from flask import url_for
from sqlalchemy import select

from mock_services.core.base.clock import local_moment, naive_utc_at
from mock_services.core.base.errors import ApiError
from mock_services.core.spec.api import Ctx

from . import access, events
from .models import Event

FIRST_MONTH, LAST_MONTH = date(1971, 1, 1), date(2099, 12, 1)
"""The months the month grid shows (the years the week page keeps to, so that every range
stays in the years events may have)."""
FIRST_DAY, LAST_DAY = date(1970, 12, 28), date(2100, 1, 3)
"""The days the day view shows: every day of those months' grids, from the Monday before
the first month to the Sunday after the last."""
CHIPS = 4
"""A month cell shows this many events at most; past it, one fewer and "+N more"."""
DAY_MINUTES = 24 * 60
SHORTEST_BLOCK = 15
"""The least height, in minutes, a block is drawn with (the time grid's CSS ``min-height``),
so that a short event next to another is set beside it, not under it."""
SCROLL_HOUR = 7
"""The hour the day's time grid opens at (``#day-start``), or an earlier one holding an event."""


@dataclass(frozen=True)
class Item:
    """One event instance as a day shows it, its times in the user's zone."""

    event: Event
    index: int | None
    title: str
    location: str
    status: str
    changed: bool
    all_day: bool
    start: datetime
    end: datetime
    rsvp: str | None
    color: str
    calendar: str
    first: date  # the first and last day it is on, in the user's zone
    last: date

    @property
    def free(self) -> bool:
        return self.event.transparency == "transparent"

    @property
    def states(self) -> list[str]:
        """What sets it apart, in the week page's words: your answer (but "accepted"), the
        event's own "tentative", "shown as free"."""
        said = []
        if self.rsvp and self.rsvp != "accepted":
            said.append(self.rsvp.replace("_", " "))
        if self.status == "tentative" and "tentative" not in said:
            said.append("tentative")
        if self.free:
            said.append("shown as free")
        return said

    @property
    def looks(self) -> tuple[object, ...]:
        """All that a page says of it: two instances alike in this read the same."""
        shown = (self.title, self.start, self.end, self.location, self.calendar, self.all_day)
        return (*shown, *self.states)


@dataclass
class Day:
    date: date
    items: list[Item] = field(default_factory=list)

    def alike(self, item: Item) -> str:
        """ "1 of 2 alike" for an instance the day also shows another one exactly like (copies
        an import left), so that each one's link reads differently; else blank."""
        twins = [i for i in self.items if i.looks == item.looks]
        if len(twins) < 2:
            return ""
        place = next(n for n, i in enumerate(twins, 1) if i is item)
        return f"{place} of {len(twins)} alike"


def copies_of(ctx: Ctx, event: Event) -> list[int]:
    """The ids of ``event`` and the events exactly like it in its calendar (same title, times,
    place and kind: copies an import left), by id; just its own when it has none. The n-th is
    named "(n of m alike)", as the day views name them."""
    same = ctx.session.scalars(
        select(Event.id)
        .where(
            Event.calendar_id == event.calendar_id,
            Event.title == event.title,
            Event.start_at == event.start_at,
            Event.end_at == event.end_at,
            Event.location == event.location,
            Event.all_day == event.all_day,
            Event.status != "cancelled",
        )
        .order_by(Event.id)
    )
    return sorted({*same, event.id})


def alike_names(ctx: Ctx, event_ids: set[int]) -> dict[int, str]:
    """ "(1 of 2 alike)" by event id, for those of ``event_ids`` that have copies."""
    named: dict[int, str] = {}
    for event_id in sorted(event_ids):
        if event_id in named:
            continue
        copies = copies_of(ctx, ctx.session.get_one(Event, event_id))
        if len(copies) > 1:
            named.update({c: f"{n} of {len(copies)} alike" for n, c in enumerate(copies, 1)})
    return named


def days_of(ctx: Ctx, tz: ZoneInfo, first: date, count: int) -> list[Day]:
    """``count`` days from ``first``, each with the caller's event instances on it (in the
    order ``events.list_occurrences`` gives them; a cancelled one is not listed)."""
    days = [Day(first + timedelta(days=i)) for i in range(count)]
    lo = naive_utc_at(first, time(), tz)
    hi = naive_utc_at(first + timedelta(days=count), time(), tz)
    for occurrence in events.list_occurrences(ctx, lo, hi):
        event = occurrence.event
        mine = access.my_attendee(event, ctx.user)
        start, end = local_moment(occurrence.start, tz), local_moment(occurrence.end, tz)
        item = Item(
            event=event,
            index=occurrence.index,
            title=occurrence.field("title"),
            location=occurrence.field("location"),
            status=occurrence.status,
            changed=occurrence.exception is not None,
            all_day=event.all_day,
            start=start,
            end=end,
            rsvp=mine.rsvp_status if mine else None,
            color=event.calendar.color,
            calendar=event.calendar.name,
            first=occurrence.start_date or start.date(),
            last=occurrence.end_date or (end - timedelta(microseconds=1)).date(),
        )
        for offset in range(
            max(0, (item.first - first).days), min(count, (item.last - first).days + 1)
        ):
            days[offset].items.append(item)
    return days


# --- what a page is asked for ------------------------------------------------------------------


def _refused(name: str, raw: str, problem: str, form: str, example: str, span: str) -> ApiError:
    shown = raw if len(raw) <= 40 else raw[:40] + "..."
    return ApiError(
        f"{name}: {shown!r} {problem}; expected {form} such as {example}, {span}",
        status=400,
        code="bad_query_parameter",
    )


def date_param(raw: str | None, today: date) -> date:
    """The ``date`` query parameter (``YYYY-MM-DD``; today when not given), or a 400 naming
    it and the form it takes."""
    if raw is None:
        return today
    span = f"from {FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}"
    form = ("YYYY-MM-DD", "2026-03-03", span)
    refused = _refused("date", raw, "is not a day", *form)
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
        raise refused
    try:
        day = date.fromisoformat(raw)
    except ValueError:
        raise refused from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise _refused("date", raw, "is out of range", *form)
    return day


def month_param(raw: str | None, today: date) -> date:
    """The first day of the ``month`` query parameter (``YYYY-MM``; this month when not
    given), or a 400 naming it and the form it takes."""
    if raw is None:
        return today.replace(day=1)
    span = f"from {FIRST_MONTH:%Y-%m} to {LAST_MONTH:%Y-%m}"
    form = ("YYYY-MM", "2026-03", span)
    refused = _refused("month", raw, "is not a month", *form)
    found = re.fullmatch(r"(\d{4})-(\d{2})", raw)
    if not found or not 1 <= int(found[2]) <= 12:
        raise refused
    first = date(int(found[1]), int(found[2]), 1)
    if not FIRST_MONTH <= first <= LAST_MONTH:
        raise _refused("month", raw, "is out of range", *form)
    return first


def next_month(first: date, step: int = 1) -> date:
    months = first.year * 12 + first.month - 1 + step
    return date(months // 12, months % 12 + 1, 1)


# --- the switcher ----------------------------------------------------------------------------


def views(focus: date) -> dict[str, str]:
    """The Day | Week | Month | Schedule switcher's links, each to the view holding ``focus``
    (the schedule: the week's list)."""
    monday = (focus - timedelta(days=focus.weekday())).isoformat()
    return {
        "day": day_href(focus),
        "week": url_for("calendar_ui.week", week=monday) + "#week-start",
        "schedule": url_for("calendar_ui.schedule", week=monday),
        "month": url_for(
            "calendar_ui.month", month=f"{min(max(focus, FIRST_MONTH), LAST_MONTH):%Y-%m}"
        ),
    }


def day_href(day: date) -> str:
    """The day's time grid, opened at the working day."""
    return url_for("calendar_ui.day", date=day.isoformat()) + "#day-start"


# --- the month grid ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Chip:
    item: Item
    time: str
    """"09:30" for a timed event starting that day, "until 11:00" for one ending that day,
    "all day" for one going on all day; blank for an all-day event."""


@dataclass
class Cell:
    day: Day
    outside: bool
    """A day of the month before or after, completing the first or last week."""
    chips: list[Chip]
    more: int
    """The day's events not shown as chips ("+N more")."""


def chip_time(item: Item, day: date) -> str:
    if item.all_day:
        return ""
    if item.start.date() == day:
        return f"{item.start:%H:%M}"
    if item.end.date() == day:
        return f"until {item.end:%H:%M}"
    return "all day"


def month_weeks(ctx: Ctx, tz: ZoneInfo, first: date) -> list[list[Cell]]:
    """The weeks (Monday first) holding the month that starts on ``first``: each day with its
    events as chips, all-day ones first, then by start."""
    start = first - timedelta(days=first.weekday())
    last = next_month(first) - timedelta(days=1)
    count = (last - start).days + 1
    count += -count % 7
    cells = []
    for day in days_of(ctx, tz, start, count):
        shown = sorted(day.items, key=lambda i: (not i.all_day, i.start))
        if len(shown) > CHIPS:
            shown = shown[: CHIPS - 1]
        cells.append(
            Cell(
                day=day,
                outside=day.date.month != first.month,
                chips=[Chip(i, chip_time(i, day.date)) for i in shown],
                more=len(day.items) - len(shown),
            )
        )
    return [cells[i : i + 7] for i in range(0, len(cells), 7)]


# --- the day's time grid -----------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """A timed event on the day's grid: ``top`` and ``height`` in minutes from the day's
    00:00 on the clock (one pixel a minute), in ``column`` of ``columns`` side by side."""

    item: Item
    top: int
    height: int
    column: int
    columns: int

    @property
    def left(self) -> float:
        return round(100 * self.column / self.columns, 3)

    @property
    def width(self) -> float:
        return round(100 / self.columns, 3)


@dataclass
class DayLayout:
    all_day: list[Item]
    """All-day events, and timed ones going on the whole day: the strip at the top."""
    blocks: list[Block]
    scroll_hour: int


def _minute(moment: datetime) -> int:
    return moment.hour * 60 + moment.minute


def day_layout(day: Day) -> DayLayout:
    """``day``'s events as its time grid shows them; events that overlap (as drawn) are set
    side by side, each in the first column free at its start, all of a group of overlapping
    events as wide as that group's columns allow."""
    strip: list[Item] = []
    spans: list[tuple[int, int, Item]] = []
    for item in day.items:
        top = _minute(item.start) if item.start.date() == day.date else 0
        bottom = _minute(item.end) if item.end.date() == day.date else DAY_MINUTES
        if item.all_day or (top == 0 and bottom == DAY_MINUTES and item.first < day.date):
            strip.append(item)
            continue
        if bottom <= top:  # the clock went back an hour during it
            bottom = min(DAY_MINUTES, top + int((item.end - item.start).total_seconds() // 60))
        spans.append((top, max(bottom, top + 1), item))
    spans.sort(key=lambda s: (s[0], -s[1]))
    blocks: list[Block] = []
    groups: list[list[tuple[int, int, Item, int]]] = []
    column_ends: list[list[int]] = []  # each group's columns: where the last block in it ends
    group_end = 0
    for top, bottom, item in spans:
        if not groups or top >= group_end:
            groups.append([])
            column_ends.append([])
        ends = column_ends[-1]
        column = next((c for c, end in enumerate(ends) if end <= top), len(ends))
        drawn_end = max(bottom, top + SHORTEST_BLOCK)
        if column == len(ends):
            ends.append(drawn_end)
        else:
            ends[column] = drawn_end
        group_end = drawn_end if not groups[-1] else max(group_end, drawn_end)
        groups[-1].append((top, bottom, item, column))
    for group, ends in zip(groups, column_ends, strict=True):
        blocks += [Block(item, top, bottom - top, c, len(ends)) for top, bottom, item, c in group]
    earliest = min((b.top // 60 for b in blocks), default=SCROLL_HOUR)
    return DayLayout(strip, blocks, min(SCROLL_HOUR, earliest))


# --- the week's time grid ----------------------------------------------------------------------


@dataclass
class WeekLayout:
    days: list[tuple[Day, DayLayout]]
    scroll_hour: int


def week_layout(days: list[Day]) -> WeekLayout:
    """Each day of the week laid out as the day's time grid lays it out, the week opened at
    the earliest hour any of them opens at."""
    laid = [(day, day_layout(day)) for day in days]
    return WeekLayout(laid, min((d.scroll_hour for _, d in laid), default=SCROLL_HOUR))


def mini_month(focus: date) -> list[list[date]]:
    """The weeks (Monday first) of ``focus``'s month, for the small month in the sidebar."""
    first = focus.replace(day=1)
    start = first - timedelta(days=first.weekday())
    last = next_month(first) - timedelta(days=1)
    count = (last - start).days + 1
    count += -count % 7
    days = [start + timedelta(days=i) for i in range(count)]
    return [days[i : i + 7] for i in range(0, len(days), 7)]
