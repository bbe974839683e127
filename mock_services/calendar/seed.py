"""The calendar seed: users with home time zones, calendars, shares and events.

Event times are strings resolved in the event's own time zone (``"+1d 10:00"`` is 10:00 local
time, tomorrow), so a meeting seeded in New York and one in Berlin both read naturally.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import Field, field_validator, model_validator

from mock_services.core.base import clock
from mock_services.core.base.clock import aware_utc, naive_utc_at, to_naive_utc, zone
from mock_services.core.base.schemas import EmailAddress
from mock_services.core.seeding.seed import Loc, SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Entity,
    Entry,
    Exporting,
    Hook,
    Loading,
    Ref,
    Row,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed

from .models import Attendee, Calendar, CalendarShare, Event, EventException, Reminder, User
from .times import Occurrence, rule_instance


def _check_zone(value: str | None) -> str | None:
    if value is not None:
        clock.zone(value)  # DateParseError is a ValueError: pydantic reports it at the field
    return value


class CalendarUserSeed(UserSeed):
    timezone: str = Field("UTC", description="home time zone (IANA)")

    _zone = field_validator("timezone")(_check_zone)


class ShareSeed(SeedModel):
    id: int | None = None
    user: str = Field(description="username")
    role: Literal["reader", "writer"] = "reader"


class CalendarSeed(SeedModel):
    id: int | None = None
    owner: str
    name: str = Field(min_length=1, max_length=200)
    color: str = Field("#4285f4", pattern=r"^#[0-9a-fA-F]{6}$")
    description: str = ""
    timezone: str | None = Field(None, description="default: the owner's time zone")
    primary: bool = False
    shares: list[ShareSeed] = []
    created_at: SeedDateTime | None = None

    _zone = field_validator("timezone")(_check_zone)


class AttendeeSeed(SeedModel):
    id: int | None = None
    user: str | None = Field(None, description="username of a local user")
    email: EmailAddress | None = Field(None, description="any address (local users are linked)")
    rsvp: Literal["needs_action", "accepted", "declined", "tentative"] = "needs_action"
    optional: bool = False
    hidden: bool = False
    responded_at: SeedDateTime | None = None

    @model_validator(mode="after")
    def _one_key(self) -> AttendeeSeed:
        if (self.user is None) == (self.email is None):
            raise ValueError("give exactly one of 'user' (a username) or 'email'")
        return self


class ReminderSeed(SeedModel):
    id: int | None = None
    minutes_before: int = Field(ge=0, le=40320)
    method: Literal["popup", "email"] = "popup"


class RecurrenceSeed(SeedModel):
    freq: Literal["daily", "weekly", "monthly"]
    interval: int = Field(1, ge=1, le=99)
    count: int | None = Field(None, ge=1, le=730)
    until: str | None = Field(None, description="last day: '+30d' or '2026-04-01'")

    @model_validator(mode="after")
    def _not_both(self) -> RecurrenceSeed:
        if self.count is not None and self.until is not None:
            raise ValueError("give either 'count' or 'until', not both")
        return self


class ExceptionSeed(SeedModel):
    """One instance of a recurring event changed or cancelled on its own; times are read in
    the event's zone and default to the instance's own."""

    id: int | None = None
    occurrence: int = Field(ge=0, le=5000, description="its occurrence_index")
    status: Literal["confirmed", "tentative", "cancelled"] = "confirmed"
    title: str | None = Field(None, min_length=1, max_length=200)
    description: str | None = None
    location: str | None = None
    start: str | None = Field(None, examples=["+3d 11:00"])
    end: str | None = None
    start_date: str | None = None
    end_date: str | None = None
    updated_at: SeedDateTime | None = None


class EventSeed(SeedModel):
    id: int | None = None
    owner: str = Field(description="username owning the calendar")
    calendar: str | None = Field(None, description="calendar name; default: owner's primary")
    organizer: str | None = Field(None, description="username; default: the owner")
    external_organizer: EmailAddress | None = Field(
        None,
        description="an invitation from outside: its organizer's address (the owner is invited)",
    )
    external_uid: str | None = Field(
        None, min_length=1, max_length=200, description="the sender's id of that invitation"
    )
    title: str = Field(min_length=1, max_length=200)
    description: str = ""
    location: str = ""
    timezone: str | None = Field(None, description="default: the calendar's time zone")
    start: str | None = Field(None, examples=["+1d 10:00"])
    end: str | None = Field(None, examples=["+1d 11:00"])
    all_day: bool = False
    start_date: str | None = Field(None, examples=["+3d"])
    end_date: str | None = Field(None, description="last day, inclusive; default start_date")
    status: Literal["confirmed", "tentative", "cancelled"] = "confirmed"
    transparency: Literal["opaque", "transparent"] | None = None
    attendees: list[AttendeeSeed] = []
    reminders: list[ReminderSeed] = []
    recurrence: RecurrenceSeed | None = None
    exceptions: list[ExceptionSeed] = Field(
        [], description="instances changed or cancelled on their own (recurring events only)"
    )
    created_at: SeedDateTime | None = None
    updated_at: SeedDateTime | None = None

    _zone = field_validator("timezone")(_check_zone)

    @model_validator(mode="after")
    def _times(self) -> EventSeed:
        if self.exceptions and self.recurrence is None:
            raise ValueError("only a recurring event has exceptions; add 'recurrence'")
        timed_keys = ("start_date", "end_date") if not self.all_day else ("start", "end")
        for i, x in enumerate(self.exceptions):
            wrong = [k for k in timed_keys if getattr(x, k) is not None]
            if wrong:
                kind = "an all-day" if self.all_day else "a timed"
                raise ValueError(f"exceptions[{i}]: {kind} event's instance has no {wrong[0]}")
        if self.all_day:
            if self.start_date is None:
                raise ValueError("an all-day event needs 'start_date'")
            if self.start is not None or self.end is not None:
                raise ValueError("an all-day event takes start_date/end_date, not start/end")
        else:
            if self.start is None or self.end is None:
                raise ValueError("a timed event needs 'start' and 'end' (or set all_day)")
            if self.start_date is not None or self.end_date is not None:
                raise ValueError("start_date/end_date are for all-day events only")
        return self


class CalendarServiceSeed(ServiceSeed):
    users: list[CalendarUserSeed] = []
    calendars: list[CalendarSeed] = []
    events: list[EventSeed] = []


# --- Load and export: one mapping per entity ---------------------------------------------------


def _read(entry: Entry, resolve: Callable[[str, datetime, ZoneInfo], Any], *path: str) -> Any:
    """The seed value at ``path`` under ``entry`` resolved (a day, a moment) in ``entry``'s
    zone; a value that is no date is an error at that path."""
    value = entry.seed
    for name in path:
        value = getattr(value, name)
    try:
        return resolve(value, entry.ctx.now, _zone(entry))
    except clock.DateParseError as exc:
        raise entry.ctx.error((*entry.loc, *path), str(exc)) from None


def _naive_moment(raw: str, now: datetime, tz: ZoneInfo) -> datetime:
    return to_naive_utc(clock.resolve_datetime(raw, now, tz))


def _zone(entry: Entry) -> ZoneInfo:
    """The zone an event's (or its instance's) times are read in."""
    return zone(entry.inherited("timezone"))


def _user_zone(entry: Entry) -> str:
    return entry.loading.rows["user"][entry.row["owner_id"]]["timezone"]


def _automatic_primaries(seed: CalendarServiceSeed) -> list[tuple[Any, Loc]]:
    """The primary calendar of every user the seed gives none, named after the user."""
    owners = {cal.owner for cal in seed.calendars if cal.primary}
    return [
        (
            CalendarSeed.model_construct(owner=user.username, name=user.display_name, primary=True),
            ("users", i),
        )
        for i, user in enumerate(seed.users)
        if user.username not in owners
    ]


def _one_primary(entry: Entry) -> None:
    """A user has one primary calendar: the seed gives it once at most."""
    cal, loc = entry.seed, entry.loc
    if not cal.primary or loc[0] != "calendars":
        return
    calendars = entry.loading.document.calendars
    first = next(i for i, c in enumerate(calendars) if c.primary and c.owner == cal.owner)
    if first != loc[-1]:
        raise entry.ctx.error(
            (*loc, "primary"),
            f"user {cal.owner!r} already has a primary calendar (calendars[{first}]); "
            "each user has exactly one",
        )


def _shared_once(entry: Entry) -> None:
    """A calendar is shared with others than its owner, once each."""
    assert entry.parent is not None
    user, user_id, loc = entry.seed.user, entry.row["user_id"], (*entry.loc, "user")
    if user_id == entry.parent.row["owner_id"]:
        raise entry.ctx.error(loc, f"{user!r} owns this calendar; share it with others")
    if any(
        row["user_id"] == user_id for row in entry.loading.earlier("share", "calendar_id", entry)
    ):
        raise entry.ctx.error(loc, f"the calendar is shared with {user!r} twice")


def _event_calendar(entry: Entry) -> int:
    """The calendar named (of the owner), else the owner's primary one."""
    event, loc = entry.seed, entry.loc
    owner = entry.ctx.ref("user", event.owner, (*loc, "owner"))
    if event.calendar is not None:
        return entry.ctx.ref("calendar", (event.owner, event.calendar), (*loc, "calendar"))
    owned = entry.loading.grouped("calendar", "owner_id")[owner]
    return next(row["id"] for row in owned if row["is_primary"])


def _calendar(entry: Entry) -> Row:
    return entry.loading.rows["calendar"][entry.row["calendar_id"]]


def _organizer(entry: Entry) -> int:
    """The organizer named, else the calendar's owner."""
    name = entry.seed.organizer
    if name:
        return entry.ctx.ref("user", name, (*entry.loc, "organizer"))
    return _calendar(entry)["owner_id"]


def _first_day(entry: Entry) -> date | None:
    return _read(entry, clock.resolve_date, "start_date") if entry.seed.all_day else None


def _last_given(entry: Entry, before: str) -> date:
    """The seed's last day, inclusive (default: the row's first), not ``before`` the first."""
    first = entry.row["start_date"]
    if not entry.seed.end_date:
        return first
    last = _read(entry, clock.resolve_date, "end_date")
    if last < first:
        raise entry.ctx.error(
            (*entry.loc, "end_date"), f"last day {last} is before {before}{first}"
        )
    return last


def _first_midnight(entry: Entry) -> datetime:
    """The start of the row's first day, in UTC."""
    return naive_utc_at(entry.row["start_date"], time(), _zone(entry))


def _last_midnight(entry: Entry) -> datetime:
    """The end of the row's last day, in UTC."""
    return naive_utc_at(entry.row["end_date"] + timedelta(days=1), time(), _zone(entry))


def _last_day(entry: Entry) -> date | None:
    return _last_given(entry, "start_date ") if entry.seed.all_day else None


def _start_at(entry: Entry) -> datetime:
    if entry.seed.all_day:
        return _first_midnight(entry)
    return _read(entry, _naive_moment, "start")


def _end_at(entry: Entry) -> datetime:
    if entry.seed.all_day:
        return _last_midnight(entry)
    start, end = entry.row["start_at"], _read(entry, _naive_moment, "end")
    if end <= start:
        raise entry.ctx.error(
            (*entry.loc, "end"), f"end ({clock.iso(end)}) must be after start ({clock.iso(start)})"
        )
    return end


def _rule(name: str, absent: Any) -> Hook:
    """Column ``recurrence_<name>``: the recurrence's field, ``absent`` when none recurs."""

    def value(entry: Entry) -> Any:
        rule = entry.seed.recurrence
        return absent if rule is None else getattr(rule, name)

    return Hook(column=f"recurrence_{name}", load_with=value)


def _until(entry: Entry) -> date | None:
    rule = entry.seed.recurrence
    if rule is None or rule.until is None:
        return None
    return _read(entry, clock.resolve_date, "recurrence", "until")


def _attendee_user(entry: Entry) -> int | None:
    """The guest's user: named, or the first whose address it is (in any case)."""
    guest = entry.seed
    if guest.user is not None:
        return entry.ctx.ref("user", guest.user, (*entry.loc, "user"))
    return entry.loading.once("user by address", lambda: _users_by_address(entry.loading)).get(
        guest.email.lower()
    )


def _users_by_address(loading: Loading) -> dict[str, int]:
    """The first user with each address, in lower case."""
    found: dict[str, int] = {}
    for row in loading.rows["user"].values():
        found.setdefault(row["email"].lower(), row["id"])
    return found


def _attendee_email(entry: Entry) -> str:
    user_id = entry.row["user_id"]
    return entry.loading.rows["user"][user_id]["email"] if user_id else entry.seed.email


def _invited_once(entry: Entry) -> None:
    email = entry.row["email"]
    earlier = entry.loading.earlier("attendee", "event_id", entry)
    if any(row["email"].lower() == email.lower() for row in earlier):
        raise entry.ctx.error(entry.loc, f"{email} is invited twice")


def _instance(entry: Entry) -> Occurrence:
    """The rule's instance an exception changes (expanded once per exception)."""
    assert entry.parent is not None
    expanded = entry.loading.once("instances", dict)
    key = (entry.row["event_id"], entry.seed.occurrence)
    if key not in expanded:
        series = Event(**entry.parent.row)  # transient: only expands the rule, never added
        expanded[key] = rule_instance(series, entry.seed.occurrence)
    instance: Occurrence | None = expanded[key]
    if instance is None:
        raise entry.ctx.error(
            (*entry.loc, "occurrence"), f"the event has no occurrence {entry.seed.occurrence}"
        )
    return instance


def _moved_days(entry: Entry) -> bool:
    """Whether an all-day event's instance moves to days of its own."""
    assert entry.parent is not None
    return entry.parent.seed.all_day and entry.seed.start_date is not None


def _instance_first_day(entry: Entry) -> date | None:
    if _moved_days(entry):
        return _read(entry, clock.resolve_date, "start_date")
    return _instance(entry).start_date


def _instance_last_day(entry: Entry) -> date | None:
    return _last_given(entry, "") if _moved_days(entry) else _instance(entry).end_date


def _instance_start(entry: Entry) -> datetime:
    assert entry.parent is not None
    if _moved_days(entry):
        return _first_midnight(entry)
    if not entry.parent.seed.all_day and entry.seed.start:
        return _read(entry, _naive_moment, "start")
    return _instance(entry).start


def _instance_end(entry: Entry) -> datetime:
    assert entry.parent is not None
    if _moved_days(entry):
        end = _last_midnight(entry)
    elif not entry.parent.seed.all_day and entry.seed.end:
        end = _read(entry, _naive_moment, "end")
    else:
        end = _instance(entry).end
    if end <= entry.row["start_at"]:
        raise entry.ctx.error((*entry.loc, "end"), "the instance must end after it starts")
    return end


def _changed_once(entry: Entry) -> None:
    occurrence = entry.row["occurrence_index"]
    earlier = entry.loading.earlier("exception", "event_id", entry)
    if any(row["occurrence_index"] == occurrence for row in earlier):
        raise entry.ctx.error(
            (*entry.loc, "occurrence"), f"occurrence {occurrence} is listed twice"
        )


# Export: times relative to the seed's now, in the event's zone.

Shown = Callable[[Any, Exporting], Any]


def _event_zone(event: Event, export: Exporting) -> ZoneInfo:
    return zone(event.timezone)


def _series_zone(change: EventException, export: Exporting) -> ZoneInfo:
    return zone(export.objects["event"][change.event_id].timezone)


def _event_days(event: Event) -> bool:
    """Whether an event is given by its days (all-day) rather than its moments."""
    return bool(event.all_day and event.start_date and event.end_date)


def _instance_days(change: EventException) -> bool:
    return bool(change.start_date and change.end_date)


def _moment_shown(
    column: str, days: Callable[[Any], bool], zone: Callable[[Any, Exporting], ZoneInfo]
) -> Shown:
    """A start or end, none where the row is given by its days."""

    def shown(row: Any, export: Exporting) -> str | None:
        if days(row):
            return None
        moment = aware_utc(getattr(row, column))
        return clock.relativize(moment, export.ctx.now, zone(row, export))

    return shown


def _day_shown(
    column: str,
    days: Callable[[Any], bool],
    zone: Callable[[Any, Exporting], ZoneInfo],
    unless_first: bool = False,
) -> Shown:
    """A first or last day where the row is given by its days (a last day that is the first
    one left out, ``unless_first``)."""

    def shown(row: Any, export: Exporting) -> str | None:
        day = getattr(row, column)
        if not days(row) or (unless_first and day == row.start_date):
            return None
        return clock.relativize_date(day, export.ctx.now, zone(row, export))

    return shown


def _owner_shown(event: Event, export: Exporting) -> str:
    return export.key("user", export.objects["calendar"][event.calendar_id].owner_id)


def _organizer_shown(event: Event, export: Exporting) -> str | None:
    """The organizer, none when it is the calendar's owner."""
    owner = export.objects["calendar"][event.calendar_id].owner_id
    return export.key("user", event.organizer_id) if event.organizer_id != owner else None


def _recurrence_shown(event: Event, export: Exporting) -> RecurrenceSeed | None:
    if not event.recurrence_freq:
        return None
    until = event.recurrence_until
    return RecurrenceSeed(
        freq=event.recurrence_freq,
        interval=event.recurrence_interval,
        count=event.recurrence_count,
        until=clock.relativize_date(until, export.ctx.now, zone(event.timezone)) if until else None,
    )


USER = Entity("user", CalendarUserSeed, User, (*USER_FIELDS, "timezone"), key="username")
SHARE = Entity(
    "share",
    ShareSeed,
    CalendarShare,
    (Ref("user", "user_id", "user"), "role"),
    check=_shared_once,
    ids_if_needed=True,
)
CALENDAR = Entity(
    "calendar",
    CalendarSeed,
    Calendar,
    (
        Ref("owner", "owner_id", "user"),
        # for loading only (no such column): a calendar is named by (username, name)
        Hook(column="owner_username", load_with=lambda entry: entry.seed.owner),
        "name",
        "color",
        "description",
        ColumnField("timezone", default=_user_zone),
        ColumnField("primary", "is_primary"),
        moment("created_at", default=now_naive),
    ),
    key="name",
    key_scope="owner_username",
    children=(Children("shares", SHARE, "calendar_id"),),
    check=_one_primary,
    inserted_by_id=True,
    ids_if_needed=True,
)
ATTENDEE = Entity(
    "attendee",
    AttendeeSeed,
    Attendee,
    (
        Hook(
            "user",
            "user_id",
            _attendee_user,
            lambda guest, export: export.key("user", guest.user_id),
        ),
        Hook(
            "email",
            load_with=_attendee_email,
            dump_with=lambda guest, _: None if guest.user_id else guest.email,
        ),
        ColumnField("rsvp", "rsvp_status"),
        "optional",
        "hidden",
        moment("responded_at"),
    ),
    check=_invited_once,
    inserted_by_id=True,
    ids_if_needed=True,
)
REMINDER = Entity(
    "reminder",
    ReminderSeed,
    Reminder,
    ("minutes_before", "method"),
    inserted_by_id=True,
    ids_if_needed=True,
)
EXCEPTION = Entity(
    "exception",
    ExceptionSeed,
    EventException,
    (
        Hook(column="original_start", load_with=lambda entry: _instance(entry).start),
        ColumnField("occurrence", "occurrence_index"),
        "status",
        "title",
        "description",
        "location",
        Hook(
            "start_date",
            load_with=_instance_first_day,
            dump_with=_day_shown("start_date", _instance_days, _series_zone),
        ),
        Hook(
            "end_date",
            load_with=_instance_last_day,
            dump_with=_day_shown("end_date", _instance_days, _series_zone),
        ),
        Hook(
            "start",
            "start_at",
            _instance_start,
            _moment_shown("start_at", _instance_days, _series_zone),
        ),
        Hook("end", "end_at", _instance_end, _moment_shown("end_at", _instance_days, _series_zone)),
        moment("updated_at", default=now_naive),
    ),
    check=_changed_once,
    inserted_by_id=True,
    ids_if_needed=True,
)
EVENT = Entity(
    "event",
    EventSeed,
    Event,
    (
        Hook("owner", dump_with=_owner_shown),
        Hook(
            "calendar",
            "calendar_id",
            _event_calendar,
            lambda event, export: export.objects["calendar"][event.calendar_id].name,
        ),
        Hook("organizer", "organizer_id", _organizer, _organizer_shown),
        "external_organizer",
        "external_uid",
        "title",
        "description",
        "location",
        ColumnField("timezone", default=lambda entry: _calendar(entry)["timezone"]),
        "all_day",
        "status",
        ColumnField(
            "transparency",
            default=lambda entry: "transparent" if entry.seed.all_day else "opaque",
        ),
        Hook(
            "start_date",
            load_with=_first_day,
            dump_with=_day_shown("start_date", _event_days, _event_zone),
        ),
        Hook(
            "end_date",
            load_with=_last_day,
            dump_with=_day_shown("end_date", _event_days, _event_zone, unless_first=True),
        ),
        Hook("start", "start_at", _start_at, _moment_shown("start_at", _event_days, _event_zone)),
        Hook("end", "end_at", _end_at, _moment_shown("end_at", _event_days, _event_zone)),
        _rule("freq", None),
        _rule("interval", 1),
        _rule("count", None),
        Hook(column="recurrence_until", load_with=_until),
        Hook("recurrence", dump_with=_recurrence_shown),
        moment("created_at", default=now_naive),
        moment("updated_at", default=now_naive),
    ),
    children=(
        Children("attendees", ATTENDEE, "event_id"),
        Children("reminders", REMINDER, "event_id"),
        Children("exceptions", EXCEPTION, "event_id", order_by="occurrence_index"),
    ),
    inserted_by_id=True,
    ids_if_needed=True,
)
SEED_MAP = SeedMap(
    CalendarServiceSeed,
    (
        Section("users", USER),
        Section("calendars", CALENDAR, extra=_automatic_primaries, extra_first=True),
        Section("events", EVENT),
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
