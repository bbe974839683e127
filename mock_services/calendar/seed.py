"""The calendar seed: users with home time zones, calendars, shares and events.

Event times are strings resolved in the event's own time zone (``"+1d 10:00"`` is 10:00 local
time, tomorrow), so a meeting seeded in New York and one in Berlin both read naturally.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import Field, field_validator, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base import clock
from mock_services.core.base.clock import aware_utc, naive_utc, to_naive_utc
from mock_services.core.base.schemas import EmailAddress
from mock_services.core.seeding.seed import (
    Loc,
    SeedContext,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.core.seeding.users import UserSeed, user_row, user_seed_fields

from .models import Attendee, Calendar, CalendarShare, Event, EventException, Reminder, User
from .times import local_midnight_utc, rule_instance

SERVICE = "calendar"


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


# --- Loading ------------------------------------------------------------------------------------


def _moment(ctx: SeedContext, raw: str, tz: ZoneInfo, loc: tuple) -> datetime:
    try:
        return to_naive_utc(clock.resolve_datetime(raw, ctx.now, tz))
    except clock.DateParseError as exc:
        raise ctx.error(loc, str(exc)) from None


def _day(ctx: SeedContext, raw: str, tz: ZoneInfo, loc: tuple) -> date:
    try:
        return clock.resolve_date(raw, ctx.now, tz)
    except clock.DateParseError as exc:
        raise ctx.error(loc, str(exc)) from None


def load(session: Session, seed: CalendarServiceSeed, ctx: SeedContext) -> None:
    users = _load_users(session, seed, ctx)
    calendars = _load_calendars(session, seed, ctx, users)
    _load_events(session, seed, ctx, users, calendars)


def _load_users(
    session: Session, seed: CalendarServiceSeed, ctx: SeedContext
) -> list[dict[str, Any]]:
    """The users' rows (user id ``i + 1`` is row ``i``), with their home time zones."""
    users = []
    for i, user in enumerate(seed.users):
        ctx.register("user", user.username, i + 1, ("users", i, "username"))
        users.append({**user_row(SERVICE, user, i + 1), "timezone": user.timezone})
    if users:
        bulk_insert(session, User, users)
    return users


# --- Calendars ----------------------------------------------------------------------------------


@dataclass
class _Calendars:
    """What the events need to know of the calendars loaded."""

    zone: dict[int, str] = field(default_factory=dict)
    primary_of: dict[int, int] = field(default_factory=dict)


def _load_calendars(
    session: Session, seed: CalendarServiceSeed, ctx: SeedContext, users: list[dict[str, Any]]
) -> _Calendars:
    """Every user without a seeded primary calendar gets one, numbered first; then the seeded
    calendars with their shares."""
    now = to_naive_utc(ctx.now)
    owners = [
        ctx.ref("user", c.owner, ("calendars", i, "owner")) for i, c in enumerate(seed.calendars)
    ]
    seeded_primary = _seeded_primaries(ctx, seed, owners)
    auto = [u for u in users if u["id"] not in seeded_primary]
    pinned = [None] * len(auto) + [c.id for c in seed.calendars]
    ids = ctx.allocate_ids(pinned, ("calendars",))
    rows, loaded = [], _Calendars()
    for user, cal_id in zip(auto, ids, strict=False):
        key = (user["username"], user["display_name"])
        ctx.register("calendar", key, cal_id, ("users", user["id"] - 1))
        rows.append(_calendar_row(cal_id, user["id"], user["display_name"], user["timezone"], now))
        loaded.zone[cal_id], loaded.primary_of[user["id"]] = user["timezone"], cal_id
    share_ids = iter(
        ctx.allocate_ids([s.id for c in seed.calendars for s in c.shares], ("calendars", "shares"))
    )
    shares: list[dict[str, Any]] = []
    for i, (cal, cal_id) in enumerate(zip(seed.calendars, ids[len(auto) :], strict=True)):
        owner = owners[i]
        ctx.register("calendar", (cal.owner, cal.name), cal_id, ("calendars", i, "name"))
        tz = cal.timezone or users[owner - 1]["timezone"]
        created = naive_utc(cal.created_at) or now
        rows.append(
            _calendar_row(
                cal_id, owner, cal.name, tz, created, cal.color, cal.description, cal.primary
            )
        )
        loaded.zone[cal_id] = tz
        if cal.primary:
            loaded.primary_of[owner] = cal_id
        shares += _share_rows(ctx, i, cal, cal_id, owner, share_ids)
    if rows:
        bulk_insert(session, Calendar, sorted(rows, key=lambda r: r["id"]))
    if shares:
        bulk_insert(session, CalendarShare, shares)
    return loaded


def _seeded_primaries(
    ctx: SeedContext, seed: CalendarServiceSeed, owners: list[int]
) -> dict[int, int]:
    """Owner id -> index of the calendar seeded as that owner's primary (one at most)."""
    seeded_primary: dict[int, int] = {}
    for i, cal in enumerate(seed.calendars):
        if cal.primary:
            if owners[i] in seeded_primary:
                raise ctx.error(
                    ("calendars", i, "primary"),
                    f"user {cal.owner!r} already has a primary calendar "
                    f"(calendars[{seeded_primary[owners[i]]}]); each user has exactly one",
                )
            seeded_primary[owners[i]] = i
    return seeded_primary


def _calendar_row(
    cal_id: int,
    owner: int,
    name: str,
    tz: str,
    created_at: datetime,
    color: str = "#4285f4",
    description: str = "",
    primary: bool = True,
) -> dict[str, Any]:
    """A calendar's row; the defaults are those of a user's automatic primary calendar."""
    return {
        "id": cal_id,
        "owner_id": owner,
        "name": name,
        "color": color,
        "description": description,
        "timezone": tz,
        "is_primary": primary,
        "created_at": created_at,
    }


def _share_rows(
    ctx: SeedContext, i: int, cal: CalendarSeed, cal_id: int, owner: int, ids: Iterator[int]
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for j, share in enumerate(cal.shares):
        loc = ("calendars", i, "shares", j, "user")
        user_id = ctx.ref("user", share.user, loc)
        if user_id == owner:
            raise ctx.error(loc, f"{share.user!r} owns this calendar; share it with others")
        if any(row["user_id"] == user_id for row in rows):
            raise ctx.error(loc, f"the calendar is shared with {share.user!r} twice")
        rows.append(
            {"id": next(ids), "calendar_id": cal_id, "user_id": user_id, "role": share.role}
        )
    return rows


# --- Events -------------------------------------------------------------------------------------


def _load_events(
    session: Session,
    seed: CalendarServiceSeed,
    ctx: SeedContext,
    users: list[dict[str, Any]],
    calendars: _Calendars,
) -> None:
    """Events with their attendees, reminders and changed occurrences."""
    now = to_naive_utc(ctx.now)
    event_ids = ctx.allocate_ids([e.id for e in seed.events], ("events",))
    attendee_ids = iter(
        ctx.allocate_ids([a.id for e in seed.events for a in e.attendees], ("events", "attendees"))
    )
    reminder_ids = iter(
        ctx.allocate_ids([r.id for e in seed.events for r in e.reminders], ("events", "reminders"))
    )
    exception_ids = iter(
        ctx.allocate_ids(
            [x.id for e in seed.events for x in e.exceptions], ("events", "exceptions")
        )
    )
    by_email: dict[str, tuple[int, str]] = {}
    for user in users:
        by_email.setdefault(user["email"].lower(), (user["id"], user["email"]))
    event_rows, attendee_rows, reminder_rows, exception_rows = [], [], [], []
    for i, ev in enumerate(seed.events):
        loc = ("events", i)
        row = _event_row(ctx, loc, ev, event_ids[i], calendars, now)
        event_rows.append(row)
        exception_rows += [
            {"id": next(exception_ids), **fields}
            for fields in _exception_rows(ctx, ev, row, ZoneInfo(row["timezone"]), loc, now)
        ]
        attendee_rows += _attendee_rows(ctx, loc, ev, row["id"], users, by_email, attendee_ids)
        reminder_rows += [
            {
                "id": next(reminder_ids),
                "event_id": row["id"],
                "minutes_before": reminder.minutes_before,
                "method": reminder.method,
            }
            for reminder in ev.reminders
        ]
    for model, rows in (
        (Event, event_rows),
        (Attendee, attendee_rows),
        (Reminder, reminder_rows),
        (EventException, exception_rows),
    ):
        if rows:
            bulk_insert(session, model, sorted(rows, key=lambda r: r["id"]))


def _event_row(
    ctx: SeedContext, loc: Loc, ev: EventSeed, event_id: int, calendars: _Calendars, now: datetime
) -> dict[str, Any]:
    owner = ctx.ref("user", ev.owner, (*loc, "owner"))
    if ev.calendar is None:
        cal_id = calendars.primary_of[owner]
    else:
        cal_id = ctx.ref("calendar", (ev.owner, ev.calendar), (*loc, "calendar"))
    organizer = ctx.ref("user", ev.organizer, (*loc, "organizer")) if ev.organizer else owner
    tz_name = ev.timezone or calendars.zone[cal_id]
    tz = ZoneInfo(tz_name)
    row: dict[str, Any] = {
        "id": event_id,
        "calendar_id": cal_id,
        "organizer_id": organizer,
        "external_organizer": ev.external_organizer,
        "external_uid": ev.external_uid,
        "title": ev.title,
        "description": ev.description,
        "location": ev.location,
        "timezone": tz_name,
        "all_day": ev.all_day,
        "status": ev.status,
        "transparency": ev.transparency or ("transparent" if ev.all_day else "opaque"),
        "recurrence_freq": None,
        "recurrence_interval": 1,
        "recurrence_count": None,
        "recurrence_until": None,
        "created_at": naive_utc(ev.created_at) or now,
        "updated_at": naive_utc(ev.updated_at) or now,
    }
    row.update(_event_times(ctx, loc, ev, tz))
    if ev.recurrence is not None:
        until = None
        if ev.recurrence.until is not None:
            until = _day(ctx, ev.recurrence.until, tz, (*loc, "recurrence", "until"))
        row.update(
            recurrence_freq=ev.recurrence.freq,
            recurrence_interval=ev.recurrence.interval,
            recurrence_count=ev.recurrence.count,
            recurrence_until=until,
        )
    return row


def _event_times(ctx: SeedContext, loc: Loc, ev: EventSeed, tz: ZoneInfo) -> dict[str, Any]:
    """An event's days (all-day events) and its start and end in UTC."""
    if ev.all_day:
        first = _day(ctx, ev.start_date or "", tz, (*loc, "start_date"))
        last = _day(ctx, ev.end_date, tz, (*loc, "end_date")) if ev.end_date else first
        if last < first:
            raise ctx.error((*loc, "end_date"), f"last day {last} is before start_date {first}")
        return {
            "start_date": first,
            "end_date": last,
            "start_at": local_midnight_utc(first, tz),
            "end_at": local_midnight_utc(last + timedelta(days=1), tz),
        }
    start = _moment(ctx, ev.start or "", tz, (*loc, "start"))
    end = _moment(ctx, ev.end or "", tz, (*loc, "end"))
    if end <= start:
        raise ctx.error(
            (*loc, "end"), f"end ({clock.iso(end)}) must be after start ({clock.iso(start)})"
        )
    return {"start_date": None, "end_date": None, "start_at": start, "end_at": end}


def _attendee_rows(
    ctx: SeedContext,
    loc: Loc,
    ev: EventSeed,
    event_id: int,
    users: list[dict[str, Any]],
    by_email: dict[str, tuple[int, str]],
    ids: Iterator[int],
) -> list[dict[str, Any]]:
    """An event's guests: local users by username or address, others by address."""
    rows: list[dict[str, Any]] = []
    seen_emails: set[str] = set()
    for j, att in enumerate(ev.attendees):
        aloc = (*loc, "attendees", j)
        user_id: int | None
        if att.user is not None:
            user_id = ctx.ref("user", att.user, (*aloc, "user"))
            email = users[user_id - 1]["email"]
        else:
            user_id, email = by_email.get((att.email or "").lower(), (None, att.email))
        if email.lower() in seen_emails:
            raise ctx.error(aloc, f"{email} is invited twice")
        seen_emails.add(email.lower())
        rows.append(
            {
                "id": next(ids),
                "event_id": event_id,
                "email": email,
                "user_id": user_id,
                "rsvp_status": att.rsvp,
                "optional": att.optional,
                "hidden": att.hidden,
                "responded_at": naive_utc(att.responded_at),
            }
        )
    return rows


def _exception_rows(
    ctx: SeedContext, ev: EventSeed, row: dict[str, Any], tz: ZoneInfo, loc: tuple, now: datetime
) -> list[dict[str, Any]]:
    """The override rows of a recurring event's instances (times default to the rule's)."""
    series = Event(**row)  # transient: only expands the rule, never added to the session
    rows: list[dict[str, Any]] = []
    for j, x in enumerate(ev.exceptions):
        xloc = (*loc, "exceptions", j)
        instance = rule_instance(series, x.occurrence)
        if instance is None:
            raise ctx.error((*xloc, "occurrence"), f"the event has no occurrence {x.occurrence}")
        if any(r["occurrence_index"] == x.occurrence for r in rows):
            raise ctx.error((*xloc, "occurrence"), f"occurrence {x.occurrence} is listed twice")
        start, end = instance.start, instance.end
        first, last = instance.start_date, instance.end_date
        if ev.all_day and x.start_date is not None:
            first = _day(ctx, x.start_date, tz, (*xloc, "start_date"))
            last = _day(ctx, x.end_date, tz, (*xloc, "end_date")) if x.end_date else first
            if last < first:
                raise ctx.error((*xloc, "end_date"), f"last day {last} is before {first}")
            start = local_midnight_utc(first, tz)
            end = local_midnight_utc(last + timedelta(days=1), tz)
        elif not ev.all_day:
            start = _moment(ctx, x.start, tz, (*xloc, "start")) if x.start else start
            end = _moment(ctx, x.end, tz, (*xloc, "end")) if x.end else end
        if end <= start:
            raise ctx.error((*xloc, "end"), "the instance must end after it starts")
        rows.append(
            {
                "event_id": row["id"],
                "occurrence_index": x.occurrence,
                "original_start": instance.start,
                "status": x.status,
                "title": x.title,
                "description": x.description,
                "location": x.location,
                "start_at": start,
                "end_at": end,
                "start_date": first,
                "end_date": last,
                "updated_at": naive_utc(x.updated_at) or now,
            }
        )
    return rows


# --- Exporting ----------------------------------------------------------------------------------


def _pins(ids: list[int]) -> list[int | None]:
    """Ids to write in an export: none when they are the ones loading would assign anyway."""
    return [None] * len(ids) if ids == list(range(1, len(ids) + 1)) else list(ids)


def _exception_seed(
    x: EventException, pin: int | None, moment: Any, ctx: SeedContext, tz: ZoneInfo
) -> ExceptionSeed:
    times: dict[str, Any] = {"start": moment(x.start_at, tz), "end": moment(x.end_at, tz)}
    if x.start_date and x.end_date:
        times = {
            "start_date": clock.relativize_date(x.start_date, ctx.now, tz),
            "end_date": clock.relativize_date(x.end_date, ctx.now, tz),
        }
    return ExceptionSeed(
        id=pin,
        occurrence=x.occurrence_index,
        status=x.status,
        title=x.title,
        description=x.description,
        location=x.location,
        updated_at=aware_utc(x.updated_at),
        **times,
    )


def dump(session: Session, ctx: SeedContext) -> CalendarServiceSeed:
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    calendars = session.scalars(select(Calendar).order_by(Calendar.id)).all()
    events = session.scalars(select(Event).order_by(Event.id)).unique().all()
    calendar_pins = _pins([c.id for c in calendars])
    event_pins = _pins([e.id for e in events])
    attendees = [a for e in events for a in e.attendees]
    attendee_pins = dict(
        zip([a.id for a in attendees], _pins([a.id for a in attendees]), strict=True)
    )
    reminders = [r for e in events for r in e.reminders]
    reminder_pins = dict(
        zip([r.id for r in reminders], _pins([r.id for r in reminders]), strict=True)
    )
    exceptions = [x for e in events for x in e.exceptions]
    exception_pins = dict(
        zip([x.id for x in exceptions], _pins([x.id for x in exceptions]), strict=True)
    )
    shares = [s for c in calendars for s in c.shares]
    share_pins = dict(zip([s.id for s in shares], _pins([s.id for s in shares]), strict=True))

    def moment(value: datetime, tz: ZoneInfo) -> str:
        return clock.relativize(value.replace(tzinfo=UTC), ctx.now, tz)

    event_seeds = []
    for ev, pin in zip(events, event_pins, strict=True):
        tz = ZoneInfo(ev.timezone)
        fields: dict[str, Any] = {
            "id": pin,
            "owner": names[ev.calendar.owner_id],
            "calendar": ev.calendar.name,
            "organizer": names[ev.organizer_id]
            if ev.organizer_id != ev.calendar.owner_id
            else None,
            "external_organizer": ev.external_organizer,
            "external_uid": ev.external_uid,
            "title": ev.title,
            "description": ev.description,
            "location": ev.location,
            "timezone": ev.timezone,
            "all_day": ev.all_day,
            "status": ev.status,
            "transparency": ev.transparency,
            "created_at": aware_utc(ev.created_at),
            "updated_at": aware_utc(ev.updated_at),
            "attendees": [
                AttendeeSeed(
                    id=attendee_pins[a.id],
                    user=names[a.user_id] if a.user_id else None,
                    email=None if a.user_id else a.email,
                    rsvp=a.rsvp_status,
                    optional=a.optional,
                    hidden=a.hidden,
                    responded_at=aware_utc(a.responded_at),
                )
                for a in ev.attendees
            ],
            "reminders": [
                ReminderSeed(
                    id=reminder_pins[r.id], minutes_before=r.minutes_before, method=r.method
                )
                for r in ev.reminders
            ],
        }
        if ev.all_day and ev.start_date and ev.end_date:
            fields["start_date"] = clock.relativize_date(ev.start_date, ctx.now, tz)
            if ev.end_date != ev.start_date:
                fields["end_date"] = clock.relativize_date(ev.end_date, ctx.now, tz)
        else:
            fields["start"] = moment(ev.start_at, tz)
            fields["end"] = moment(ev.end_at, tz)
        fields["exceptions"] = [
            _exception_seed(x, exception_pins[x.id], moment, ctx, tz) for x in ev.exceptions
        ]
        if ev.recurrence_freq:
            fields["recurrence"] = RecurrenceSeed(
                freq=ev.recurrence_freq,
                interval=ev.recurrence_interval,
                count=ev.recurrence_count,
                until=clock.relativize_date(ev.recurrence_until, ctx.now, tz)
                if ev.recurrence_until
                else None,
            )
        event_seeds.append(EventSeed.model_validate(fields, context=ctx.pydantic_context))
    return CalendarServiceSeed(
        users=[CalendarUserSeed(**user_seed_fields(u), timezone=u.timezone) for u in users],
        calendars=[
            CalendarSeed(
                id=pin,
                owner=names[c.owner_id],
                name=c.name,
                color=c.color,
                description=c.description,
                timezone=c.timezone,
                primary=c.is_primary,
                shares=[
                    ShareSeed(id=share_pins[s.id], user=names[s.user_id], role=s.role)
                    for s in c.shares
                ],
                created_at=aware_utc(c.created_at),
            )
            for c, pin in zip(calendars, calendar_pins, strict=True)
        ],
        events=event_seeds,
    )
