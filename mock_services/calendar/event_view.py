"""An event read as one plain row (sqlite3, no ORM) for the read by id: its calendar, organizer,
shares, guests, reminders and changed instances come back in the same query, as one JSON document.

``EventView`` has the attributes of the mapped ``Event`` that the access rules
(``access.event_role``) and the presenter (``present.event_out``) read, with the same Python
types, so both serve the ORM's events and these alike. The mapped ``Event`` stays for writes
and for the web UI's event page, which expands the series and looks for conflicts on it.
The views are read only, yet not frozen: a frozen dataclass sets each field through
``object.__setattr__``, which made turning the row into views twice as slow.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import date, datetime

from mock_services.core.data.transaction import Transaction


@dataclass(slots=True)
class PersonView:
    username: str
    email: str
    display_name: str


@dataclass(slots=True)
class ShareView:
    user_id: int
    role: str


@dataclass(slots=True)
class CalendarView:
    name: str
    owner_id: int
    shares: list[ShareView]


@dataclass(slots=True)
class AttendeeView:
    email: str
    user_id: int | None
    rsvp_status: str
    optional: bool
    hidden: bool
    responded_at: datetime | None
    user: PersonView | None


@dataclass(slots=True)
class ReminderView:
    minutes_before: int
    method: str


@dataclass(slots=True)
class ExceptionView:
    occurrence_index: int
    original_start: datetime
    status: str
    title: str | None
    description: str | None
    location: str | None
    start_at: datetime
    end_at: datetime
    start_date: date | None
    end_date: date | None


@dataclass(slots=True)
class EventView:
    id: int
    calendar_id: int
    organizer_id: int
    title: str
    description: str
    location: str
    start_at: datetime
    end_at: datetime
    timezone: str
    all_day: bool
    start_date: date | None
    end_date: date | None
    status: str
    transparency: str
    recurrence_freq: str | None
    recurrence_interval: int
    recurrence_count: int | None
    recurrence_until: date | None
    external_organizer: str | None
    created_at: datetime
    updated_at: datetime
    calendar: CalendarView
    organizer: PersonView
    attendees: list[AttendeeView]
    reminders: list[ReminderView]
    exceptions: list[ExceptionView]


def _json_list(columns: str, rows: str) -> str:
    """A correlated subquery: ``rows`` (a SELECT in the wanted order) as a JSON list of
    arrays of ``columns``."""
    return f"json((SELECT json_group_array(json_array({columns})) FROM ({rows})))"


EVENT_ROW = (
    "SELECT e.id, e.calendar_id, e.organizer_id, e.title, e.description, e.location, e.start_at, "
    "e.end_at, e.timezone, e.all_day, e.start_date, e.end_date, e.status, e.transparency, "
    "e.recurrence_freq, e.recurrence_interval, e.recurrence_count, e.recurrence_until, "
    "e.external_organizer, e.created_at, e.updated_at, c.name, c.owner_id, o.username, o.email, "
    "o.display_name, json_array("
    + _json_list(
        "user_id, role",
        "SELECT user_id, role FROM calendar_shares WHERE calendar_id = e.calendar_id ORDER BY id",
    )
    + ", "
    + _json_list(
        "email, user_id, rsvp_status, optional, hidden, responded_at, username, user_email, "
        "display_name",
        "SELECT a.email, a.user_id, a.rsvp_status, a.optional, a.hidden, a.responded_at, "
        "u.username, u.display_name, u.email AS user_email FROM event_attendees a "
        "LEFT JOIN users u ON u.id = a.user_id WHERE a.event_id = e.id ORDER BY a.id",
    )
    + ", "
    + _json_list(
        "minutes_before, method",
        "SELECT minutes_before, method FROM event_reminders WHERE event_id = e.id ORDER BY id",
    )
    + ", "
    + _json_list(
        "occurrence_index, original_start, status, title, description, location, start_at, "
        "end_at, start_date, end_date",
        "SELECT * FROM event_exceptions WHERE event_id = e.id ORDER BY occurrence_index",
    )
    + ") FROM events e JOIN calendars c ON c.id = e.calendar_id "
    "JOIN users o ON o.id = e.organizer_id WHERE e.id = ?"
)
"""One row: the event's columns in ``EventView``'s order, its calendar's name and owner, its
organizer, then one JSON list of its shares, guests, reminders and changed instances."""


def _moment(stored: str | None) -> datetime | None:
    return None if stored is None else datetime.fromisoformat(stored)


def _day(stored: str | None) -> date | None:
    return None if stored is None else date.fromisoformat(stored)


def _attendee(values: list) -> AttendeeView:
    email, user_id, rsvp, optional, hidden, responded_at, username, user_email, name = values
    user = None if username is None else PersonView(username, user_email, name)
    return AttendeeView(
        email, user_id, rsvp, bool(optional), bool(hidden), _moment(responded_at), user
    )


def _exception(values: list) -> ExceptionView:
    index, original, status, title, description, location, start, end, first, last = values
    return ExceptionView(
        index,
        datetime.fromisoformat(original),
        status,
        title,
        description,
        location,
        datetime.fromisoformat(start),
        datetime.fromisoformat(end),
        _day(first),
        _day(last),
    )


def _event(row: sqlite3.Row) -> EventView:
    """An ``EVENT_ROW`` row, read by position (a ``sqlite3.Row`` looks a name up column by
    column)."""
    (*columns, calendar_name, owner_id, username, email, display_name, lists) = row
    (id_, calendar_id, organizer_id, title, description, location, start_at, end_at) = columns[:8]
    (timezone, all_day, start_date, end_date, status, transparency, freq, interval) = columns[8:16]
    (count, until, external_organizer, created_at, updated_at) = columns[16:]
    shares, attendees, reminders, exceptions = json.loads(lists)
    return EventView(
        id_,
        calendar_id,
        organizer_id,
        title,
        description,
        location,
        datetime.fromisoformat(start_at),
        datetime.fromisoformat(end_at),
        timezone,
        bool(all_day),
        _day(start_date),
        _day(end_date),
        status,
        transparency,
        freq,
        interval,
        count,
        _day(until),
        external_organizer,
        datetime.fromisoformat(created_at),
        datetime.fromisoformat(updated_at),
        CalendarView(calendar_name, owner_id, [ShareView(*share) for share in shares]),
        PersonView(username, email, display_name),
        [_attendee(a) for a in attendees],
        [ReminderView(*r) for r in reminders],
        [_exception(x) for x in exceptions],
    )


def event_view(db: Transaction, event_id: int) -> EventView | None:
    """The event ``event_id`` with everything its answer shows, in one query; None if none."""
    row = db.one(EVENT_ROW, (event_id,))
    return None if row is None else _event(row)
