"""The calendar's business rules, shared by the JSON API and the web UI.

Every function takes the request ``Ctx`` (session, caller, task clock, runtime) and raises
``ApiError`` subclasses whose messages say what to do. Mutations go through ORM objects.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import not_yours, role_refused
from mock_services.core.base.auth import Caller
from mock_services.core.base.clock import iso, to_naive_utc
from mock_services.core.base.errors import Conflict, Forbidden, NotFound, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging, page_offset
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail

from .event_view import AttendeeView, CalendarView, EventView, event_view
from .models import Attendee, Calendar, CalendarShare, Event, EventException, Reminder, User
from .times import (
    Occurrence,
    as_local,
    check_date,
    fmt_local,
    invalid,
    local_midnight_utc,
    merge_intervals,
    occurrences,
    rule_instance,
    to_utc,
    zone_of,
)

DEFAULT_SENDER = "calendar@example.test"
MAX_RANGE_DAYS = 366
DEFAULT_RANGE_DAYS = 7
CONFLICT_HORIZON_DAYS = 366
DEFAULT_COLOR = "#4285f4"

Viewer = User | Caller
"""Whom access is decided for: only the id is read, so the caller will do (no user row)."""
AnyEvent = TypeVar("AnyEvent", Event, EventView)


# --- Users and calendars --------------------------------------------------------------------


def find_user(session: Session, who: str) -> User | None:
    """A local user by username or email address (case-insensitive for emails)."""
    user = session.scalar(select(User).where(User.username == who))
    if user is None:
        user = session.scalar(select(User).where(func.lower(User.email) == who.strip().lower()))
    return user


def require_user(session: Session, who: str, field: str) -> User:
    user = find_user(session, who)
    if user is None:
        raise NotFound(f"{field}: no user with username or email {who!r}")
    return user


def primary_calendar(ctx: Ctx) -> Calendar:
    """The caller's primary calendar (seeding gives every user one)."""
    calendar = ctx.session.scalar(
        select(Calendar).where(Calendar.owner_id == ctx.user_id, Calendar.is_primary.is_(True))
    )
    if calendar is None:
        raise Conflict("you have no primary calendar; give calendar_id explicitly")
    return calendar


def calendar_role(calendar: Calendar | CalendarView, user: Viewer) -> str | None:
    """'owner', 'writer', 'reader' or None (no access)."""
    if calendar.owner_id == user.id:
        return "owner"
    for share in calendar.shares:
        if share.user_id == user.id:
            return share.role
    return None


def get_calendar(ctx: Ctx, calendar_id: int) -> tuple[Calendar, str]:
    calendar = ctx.session.get(Calendar, calendar_id) if 0 < calendar_id < 2**62 else None
    if calendar is None:
        raise NotFound(f"calendar {calendar_id} not found")
    role = calendar_role(calendar, ctx.user)
    if role is None:
        raise not_yours("calendar", calendar_id, "it is not shared with you")
    return calendar, role


def own_calendar(ctx: Ctx, calendar_id: int) -> Calendar:
    calendar, role = get_calendar(ctx, calendar_id)
    if role != "owner":
        raise role_refused(f"change calendar {calendar_id}", "its owner", f"a {role} of it")
    return calendar


def writable_calendar(ctx: Ctx, calendar_id: int) -> Calendar:
    calendar, role = get_calendar(ctx, calendar_id)
    if role == "reader":
        raise role_refused(
            f"add events to calendar {calendar_id}",
            "its owner and writers",
            "a reader (it is shared with you read-only)",
            "add the event to one of your own calendars",
        )
    return calendar


def visible_calendars(ctx: Ctx) -> list[tuple[Calendar, str]]:
    shared_ids = select(CalendarShare.calendar_id).where(CalendarShare.user_id == ctx.user_id)
    calendars = ctx.session.scalars(
        select(Calendar)
        .where(or_(Calendar.owner_id == ctx.user_id, Calendar.id.in_(shared_ids)))
        .order_by(Calendar.owner_id != ctx.user_id, Calendar.is_primary.desc(), Calendar.id)
    ).all()
    return [(c, calendar_role(c, ctx.user) or "reader") for c in calendars]


def _unique_name(ctx: Ctx, name: str, exclude: int | None = None) -> None:
    clash = ctx.session.scalar(
        select(Calendar).where(Calendar.owner_id == ctx.user_id, Calendar.name == name)
    )
    if clash is not None and clash.id != exclude:
        raise Conflict(f"you already have a calendar named {name!r} (calendar {clash.id})")


def create_calendar(
    ctx: Ctx, name: str, color: str | None, description: str, timezone: str | None
) -> Calendar:
    tz = timezone or ctx.user.timezone
    zone_of(tz)
    _unique_name(ctx, name)
    calendar = Calendar(
        owner_id=ctx.user_id,
        name=name,
        color=color or DEFAULT_COLOR,
        description=description,
        timezone=tz,
        is_primary=False,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(calendar)
    ctx.session.flush()
    return calendar


def update_calendar(ctx: Ctx, calendar_id: int, changes: dict[str, Any]) -> Calendar:
    calendar = own_calendar(ctx, calendar_id)
    if changes.get("timezone") is not None:
        zone_of(changes["timezone"])
    if changes.get("name") is not None and changes["name"] != calendar.name:
        _unique_name(ctx, changes["name"], exclude=calendar.id)
    for key in ("name", "color", "description", "timezone"):
        if changes.get(key) is not None:
            setattr(calendar, key, changes[key])
    return calendar


def delete_calendar(ctx: Ctx, calendar_id: int) -> None:
    calendar = own_calendar(ctx, calendar_id)
    if calendar.is_primary:
        raise Conflict(
            f"calendar {calendar_id} is your primary calendar and cannot be deleted; "
            "delete its events instead"
        )
    events = ctx.session.scalars(select(Event).where(Event.calendar_id == calendar.id)).all()
    for event in events:
        if event.status != "cancelled" and _last_end(event) > to_naive_utc(ctx.now):
            _mail_attendees(ctx, event, "Cancelled", [a for a in event.attendees if not a.hidden])
        ctx.session.delete(event)
    ctx.session.delete(calendar)


def share_calendar(ctx: Ctx, calendar_id: int, who: str, role: str) -> Calendar:
    calendar = own_calendar(ctx, calendar_id)
    user = require_user(ctx.session, who, "user")
    if user.id == ctx.user_id:
        raise invalid("user", "you own this calendar; share it with someone else")
    for share in calendar.shares:
        if share.user_id == user.id:
            share.role = role
            return calendar
    calendar.shares.append(CalendarShare(user_id=user.id, role=role))
    ctx.session.flush()
    return calendar


def unshare_calendar(ctx: Ctx, calendar_id: int, user_id: int) -> Calendar:
    calendar = own_calendar(ctx, calendar_id)
    for share in calendar.shares:
        if share.user_id == user_id:
            ctx.session.delete(share)
            calendar.shares.remove(share)
            return calendar
    raise NotFound(f"calendar {calendar_id} is not shared with user {user_id}")


def update_profile(ctx: Ctx, display_name: str | None, timezone: str | None) -> User:
    if timezone is not None:
        zone_of(timezone)
        ctx.user.timezone = timezone
    if display_name is not None:
        ctx.user.display_name = display_name
    return ctx.user


# --- Event access -----------------------------------------------------------------------------


def my_attendee(event: Event | EventView, user: Viewer) -> Attendee | AttendeeView | None:
    for attendee in event.attendees:
        if attendee.user_id == user.id:
            return attendee
    return None


def event_role(event: Event | EventView, user: Viewer) -> str | None:
    """How ``user`` relates to ``event``: organizer, owner, writer, reader, attendee or None."""
    if event.external_organizer is not None and my_attendee(event, user) is not None:
        return "attendee"
    if event.organizer_id == user.id:
        return "organizer"
    role = calendar_role(event.calendar, user)
    if role is not None:
        return role
    if my_attendee(event, user) is not None:
        return "attendee"
    return None


def can_edit(role: str | None) -> bool:
    return role in ("organizer", "owner", "writer")


def _visible(event: AnyEvent | None, user: Viewer, event_id: int) -> tuple[AnyEvent, str]:
    """``event`` and ``user``'s role in it; 404 if there is none, 403 if ``user`` has none."""
    if event is None:
        raise NotFound(f"event {event_id} not found")
    role = event_role(event, user)
    if role is None:
        raise not_yours("event", event_id, "you are not invited to it")
    return event, role


def get_event(ctx: Ctx, event_id: int) -> tuple[Event, str]:
    event = ctx.session.get(Event, event_id) if 0 < event_id < 2**62 else None
    return _visible(event, ctx.user, event_id)


def read_event(ctx: Ctx, event_id: int) -> tuple[EventView, str]:
    """``get_event`` read as one plain row, for answers that change nothing."""
    event = event_view(ctx.db, event_id) if 0 < event_id < 2**62 else None
    return _visible(event, ctx.require_caller(), event_id)


def editable_event(ctx: Ctx, event_id: int) -> Event:
    event, role = get_event(ctx, event_id)
    if not can_edit(role):
        raise role_refused(
            f"change event {event_id}",
            f"the organizer ({event.organizer.username}) or the calendar's owner",
            "a guest" if role == "attendee" else "a reader",
            "you can only RSVP",
        )
    if event.status == "cancelled":
        raise Conflict(f"event {event_id} is cancelled and can no longer be changed")
    return event


def visible_events_query(user: User) -> Any:
    shared = select(CalendarShare.calendar_id).where(CalendarShare.user_id == user.id)
    own = select(Calendar.id).where(Calendar.owner_id == user.id)
    invited = select(Attendee.event_id).where(
        Attendee.user_id == user.id, Attendee.hidden.is_(False)
    )
    return select(Event).where(
        or_(
            Event.calendar_id.in_(own),
            Event.calendar_id.in_(shared),
            Event.organizer_id == user.id,
            Event.id.in_(invited),
        )
    )


def _starts_before(hi: datetime) -> Any:
    """The event, or one of its instances moved on its own, starts before ``hi``."""
    moved = select(EventException.event_id).where(EventException.start_at < hi)
    return or_(Event.start_at < hi, Event.id.in_(moved))


def _range_filter(lo: datetime, hi: datetime) -> Any:
    return and_(_starts_before(hi), or_(Event.recurrence_freq.is_not(None), Event.end_at > lo))


def _last_end(event: Event) -> datetime:
    if not event.recurrence_freq:
        return event.end_at
    if event.recurrence_count is None and event.recurrence_until is None:
        return datetime.max
    found = occurrences(event, None, datetime(2101, 1, 1))
    return found[-1].end if found else event.end_at


# --- Ranges -----------------------------------------------------------------------------------


def resolve_range(
    ctx: Ctx, start: datetime | None, end: datetime | None, timezone: str | None = None
) -> tuple[datetime, datetime]:
    """[start, end) as naive UTC: naive values are read in ``timezone`` or the caller's zone;
    the default is today 00:00 (caller's zone) for 7 days."""
    tz = zone_of(timezone, "timezone") if timezone else ZoneInfo(ctx.user.timezone)
    if start is None:
        start_utc = local_midnight_utc(ctx.now.astimezone(tz).date(), tz)
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
        raise invalid("end", f"the range may span at most {MAX_RANGE_DAYS} days")
    return start_utc, end_utc


# --- Listing ----------------------------------------------------------------------------------


def _occurrences_query(
    ctx: Ctx,
    lo: datetime,
    hi: datetime,
    calendar_ids: list[int] | None,
    q: str | None,
    include_cancelled: bool,
) -> Any:
    """The caller's events with an instance that may overlap [lo, hi), filtered in SQL."""
    query = visible_events_query(ctx.user).where(_range_filter(lo, hi))
    if not include_cancelled:
        query = query.where(Event.status != "cancelled")
    if q:
        query = query.where(
            or_(
                contains_text(Event.title, q),
                contains_text(Event.description, q),
                contains_text(Event.location, q),
            )
        )
    if calendar_ids:
        for calendar_id in calendar_ids:
            get_calendar(ctx, calendar_id)
        wanted: ColumnElement[bool] = Event.calendar_id.in_(calendar_ids)
        if primary_calendar(ctx).id in calendar_ids:  # invitations show in the primary calendar
            mine = select(Calendar.id).where(Calendar.owner_id == ctx.user_id)
            shared = select(CalendarShare.calendar_id).where(CalendarShare.user_id == ctx.user_id)
            invited = select(Attendee.event_id).where(Attendee.user_id == ctx.user_id)
            wanted = or_(
                wanted,
                and_(
                    Event.calendar_id.not_in(mine),
                    Event.calendar_id.not_in(shared),
                    Event.id.in_(invited),
                ),
            )
        query = query.where(wanted)
    return query


def _occurrence_key(o: Occurrence) -> tuple[datetime, datetime, int, int]:
    return (o.start, o.end, o.event.id, o.index or 0)


def list_occurrences(
    ctx: Ctx,
    lo: datetime,
    hi: datetime,
    calendar_ids: list[int] | None = None,
    q: str | None = None,
    include_cancelled: bool = False,
) -> list[Occurrence]:
    """The caller's event instances overlapping [lo, hi), sorted by start."""
    query = _occurrences_query(ctx, lo, hi, calendar_ids, q, include_cancelled)
    events = ctx.session.scalars(query).unique().all()
    found = [o for e in events for o in occurrences(e, lo, hi, include_cancelled=include_cancelled)]
    found.sort(key=_occurrence_key)
    return found


def page_occurrences(
    ctx: Ctx,
    lo: datetime,
    hi: datetime,
    paging: Paging,
    calendar_ids: list[int] | None = None,
    q: str | None = None,
    include_cancelled: bool = False,
) -> Page[Occurrence]:
    """One page of :func:`list_occurrences` and the total, at a cost that grows with the page
    and the recurring events, not with every one-off event in the range: one-off events are
    counted and paged in SQL, recurring ones expanded and merged in."""
    start = page_offset(paging)
    end = start + paging.per_page
    query = _occurrences_query(ctx, lo, hi, calendar_ids, q, include_cancelled)
    one_off = query.where(Event.recurrence_freq.is_(None))
    single_total = ctx.session.scalar(select(func.count()).select_from(one_off.subquery())) or 0
    singles = ctx.session.scalars(
        one_off.order_by(Event.start_at, Event.end_at, Event.id).limit(end)
    ).unique()
    recurring = ctx.session.scalars(query.where(Event.recurrence_freq.is_not(None))).unique()
    expanded = sorted(
        (o for e in recurring for o in occurrences(e, lo, hi, include_cancelled=include_cancelled)),
        key=_occurrence_key,
    )
    single_occurrences = [
        Occurrence(e, None, e.start_at, e.end_at, e.start_date, e.end_date) for e in singles
    ]
    merged = heapq.merge(single_occurrences, expanded, key=_occurrence_key)
    return Page(list(itertools.islice(merged, start, end)), single_total + len(expanded))


def pending_invitations(ctx: Ctx, rsvp: str | None) -> list[Event]:
    query = (
        select(Event)
        .join(Attendee, Attendee.event_id == Event.id)
        .where(
            Attendee.user_id == ctx.user_id,
            Attendee.hidden.is_(False),
            Event.status != "cancelled",
            or_(Event.organizer_id != ctx.user_id, Event.external_organizer.is_not(None)),
        )
        .order_by(Event.start_at, Event.id)
    )
    if rsvp is not None:
        query = query.where(Attendee.rsvp_status == rsvp)
    now = to_naive_utc(ctx.now)
    return [e for e in ctx.session.scalars(query).unique().all() if _last_end(e) > now]


# --- Busy time and conflicts ------------------------------------------------------------------


def busy_events(session: Session, user_id: int, lo: datetime | None, hi: datetime) -> list[Event]:
    """Events that make ``user_id`` busy: theirs (owned calendar, organized, or invited and not
    declined), not cancelled, not transparent."""
    own = select(Calendar.id).where(Calendar.owner_id == user_id)
    invited = select(Attendee.event_id).where(
        Attendee.user_id == user_id,
        Attendee.rsvp_status != "declined",
        Attendee.hidden.is_(False),
    )
    refused = select(Attendee.event_id).where(
        Attendee.user_id == user_id,
        or_(Attendee.rsvp_status == "declined", Attendee.hidden.is_(True)),
    )
    query = select(Event).where(
        Event.status != "cancelled",
        Event.transparency == "opaque",
        or_(Event.calendar_id.in_(own), Event.organizer_id == user_id, Event.id.in_(invited)),
        Event.id.not_in(refused),
        _starts_before(hi),
    )
    if lo is not None:
        query = query.where(or_(Event.recurrence_freq.is_not(None), Event.end_at > lo))
    return list(session.scalars(query).unique().all())


def busy_occurrences(
    session: Session, user_id: int, lo: datetime | None, hi: datetime, exclude: int | None = None
) -> list[Occurrence]:
    found = [
        o
        for e in busy_events(session, user_id, lo, hi)
        if e.id != exclude
        for o in occurrences(e, lo, hi)
    ]
    found.sort(key=lambda o: (o.start, o.end, o.event.id))
    return found


@dataclass
class ConflictHit:
    user: User
    other: Occurrence
    visible: bool


def participants(event: Event) -> list[User]:
    """Users whose time the event takes: organizer, calendar owner, local guests not declined."""
    users = {event.organizer.id: event.organizer, event.calendar.owner.id: event.calendar.owner}
    for attendee in event.attendees:
        if attendee.user is not None and attendee.rsvp_status != "declined" and not attendee.hidden:
            users.setdefault(attendee.user.id, attendee.user)
    return sorted(users.values(), key=lambda u: u.id)


def find_conflicts(
    ctx: Ctx, event: Event, instances: list[Occurrence] | None = None
) -> list[ConflictHit]:
    """Other events overlapping ``event`` (or only the given ``instances`` of it) for its
    organizer, owner and local guests."""
    if event.status == "cancelled" or event.transparency == "transparent":
        return []
    horizon = event.start_at + timedelta(days=CONFLICT_HORIZON_DAYS)
    mine = occurrences(event, None, horizon) if instances is None else instances
    mine = [o for o in mine if o.status != "cancelled"]
    if not mine:
        return []
    lo, hi = mine[0].start, max(o.end for o in mine)
    hits: list[ConflictHit] = []
    seen: set[tuple[int, int, datetime]] = set()
    for user in participants(event):
        for other in busy_occurrences(ctx.session, user.id, lo, hi, exclude=event.id):
            key = (user.id, other.event.id, other.start)
            if key in seen:
                continue
            if any(o.start < other.end and other.start < o.end for o in mine):
                seen.add(key)
                visible = event_role(other.event, ctx.user) is not None
                hits.append(ConflictHit(user, other, visible))
    hits.sort(key=lambda h: (h.other.start, h.user.id, h.other.event.id))
    return hits


def describe_conflict(hit: ConflictHit) -> str:
    span = f"{iso(hit.other.start)} to {iso(hit.other.end)}"
    if hit.visible:
        return (
            f"{hit.user.username} is busy with event {hit.other.event.id} "
            f"{hit.other.event.title!r} ({span})"
        )
    return f"{hit.user.username} is busy ({span})"


def _check_conflicts(
    ctx: Ctx, event: Event, reject: bool, instances: list[Occurrence] | None = None
) -> list[ConflictHit]:
    ctx.session.flush()
    hits = find_conflicts(ctx, event, instances)
    if hits and reject:
        others = "; ".join(describe_conflict(h) for h in hits[:3])
        more = f" and {len(hits) - 3} more" if len(hits) > 3 else ""
        raise Conflict(
            f"the event overlaps existing events: {others}{more}. Pick another time or send "
            "reject_conflicts: false to save it anyway",
            details=[
                {
                    "user": h.user.username,
                    "event_id": h.other.event.id if h.visible else None,
                    "start": iso(h.other.start),
                    "end": iso(h.other.end),
                }
                for h in hits
            ],
        )
    return hits


def my_conflicts(ctx: Ctx, lo: datetime, hi: datetime) -> list[tuple[Occurrence, Occurrence]]:
    """Pairs of the caller's busy event instances that overlap within [lo, hi)."""
    items = busy_occurrences(ctx.session, ctx.user_id, lo, hi)
    pairs = []
    for i, first in enumerate(items):
        for second in items[i + 1 :]:
            if second.start >= first.end:
                break
            if second.event.id != first.event.id:
                pairs.append((first, second))
    return pairs


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
        raise invalid("working_hours_end", "must be after working_hours_start")
    busy = merge_intervals([i for _n, _u, b in free_busy(ctx, who, lo, hi) for i in b])
    slots: list[tuple[datetime, datetime]] = []
    day = as_local(lo, tz).date()
    last = as_local(hi, tz).date()
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


# --- Creating and changing events ---------------------------------------------------------------


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
        local_midnight_utc(start_date, tz),
        local_midnight_utc(last + timedelta(days=1), tz),
        tz_name,
        True,
        start_date,
        last,
    )


def _apply_timing(event: Event, timing: Timing) -> None:
    event.start_at, event.end_at = timing.start_at, timing.end_at
    event.timezone, event.all_day = timing.timezone, timing.all_day
    event.start_date, event.end_date = timing.start_date, timing.end_date


def _apply_recurrence(event: Event, recurrence: Any) -> None:
    if recurrence is None:
        event.recurrence_freq = None
        event.recurrence_interval = 1
        event.recurrence_count = None
        event.recurrence_until = None
        return
    if recurrence.count is not None and recurrence.until is not None:
        raise invalid("recurrence", "give either count or until, not both")
    first_day = event.start_date or as_local(event.start_at, ZoneInfo(event.timezone)).date()
    if recurrence.until is not None:
        check_date(recurrence.until, "recurrence.until")
        if recurrence.until < first_day:
            raise invalid(
                "recurrence.until",
                f"{recurrence.until} is before the first occurrence ({first_day})",
            )
    event.recurrence_freq = recurrence.freq
    event.recurrence_interval = recurrence.interval
    event.recurrence_count = recurrence.count
    event.recurrence_until = recurrence.until


def _resolve_guests(ctx: Ctx, guests: list[Any]) -> list[tuple[str, User | None, bool]]:
    resolved: list[tuple[str, User | None, bool]] = []
    seen: set[str] = set()
    for i, guest in enumerate(guests):
        field = f"attendees.{i}"
        if (guest.email is None) == (guest.username is None):
            raise invalid(field, "give exactly one of 'email' or 'username'")
        if guest.username is not None:
            user = ctx.session.scalar(select(User).where(User.username == guest.username))
            if user is None:
                raise invalid(f"{field}.username", f"no user named {guest.username!r}")
            email = user.email
        else:
            email = guest.email.strip()
            user = ctx.session.scalar(select(User).where(func.lower(User.email) == email.lower()))
            if user is not None:
                email = user.email
        if email.lower() in seen:
            raise invalid(field, f"{email} is listed twice")
        seen.add(email.lower())
        resolved.append((email, user, guest.optional))
    return resolved


def _set_guests(ctx: Ctx, event: Event, guests: list[Any]) -> tuple[list[Attendee], list[Attendee]]:
    """Replace the guest list; keeps the RSVP of guests who stay. Returns (added, removed)."""
    wanted = _resolve_guests(ctx, guests)
    current = {a.email.lower(): a for a in event.attendees}
    added: list[Attendee] = []
    keep = set()
    for email, user, optional in wanted:
        existing = current.get(email.lower())
        if existing is not None:
            existing.optional = optional
            keep.add(email.lower())
            continue
        is_organizer = user is not None and user.id == event.organizer_id
        attendee = Attendee(
            email=email,
            user_id=user.id if user else None,
            rsvp_status="accepted" if is_organizer else "needs_action",
            optional=optional,
            hidden=False,
            responded_at=to_naive_utc(ctx.now) if is_organizer else None,
        )
        event.attendees.append(attendee)
        if not is_organizer:
            added.append(attendee)
    removed = [a for key, a in current.items() if key not in keep]
    for attendee in removed:
        event.attendees.remove(attendee)
    return added, removed


def _set_reminders(event: Event, reminders: list[Any]) -> None:
    event.reminders.clear()
    for reminder in reminders:
        event.reminders.append(
            Reminder(minutes_before=reminder.minutes_before, method=reminder.method)
        )


def create_event(ctx: Ctx, body: Any) -> tuple[Event, list[ConflictHit]]:
    if body.calendar_id is None:
        calendar = primary_calendar(ctx)
    else:
        calendar = writable_calendar(ctx, body.calendar_id)
    tz_name = body.timezone or calendar.timezone
    timing = _timing_from(body, body.all_day, tz_name, None)
    now = to_naive_utc(ctx.now)
    event = Event(
        calendar_id=calendar.id,
        organizer_id=ctx.user_id,
        title=body.title,
        description=body.description,
        location=body.location,
        status=body.status,
        transparency=body.transparency or ("transparent" if timing.all_day else "opaque"),
        recurrence_interval=1,
        created_at=now,
        updated_at=now,
    )
    _apply_timing(event, timing)
    _apply_recurrence(event, body.recurrence)
    ctx.session.add(event)
    added, _removed = _set_guests(ctx, event, body.attendees)
    _set_reminders(event, body.reminders)
    hits = _check_conflicts(ctx, event, body.reject_conflicts)
    _mail_attendees(ctx, event, "Invitation", added)
    return event, hits


def _timing_from(body: Any, all_day: bool, tz_name: str, event: Event | None) -> Timing:
    fields = body.model_fields_set
    if all_day:
        start_date = body.start_date if "start_date" in fields else None
        end_date = body.end_date if "end_date" in fields else None
        if start_date is None:
            if event is not None and event.all_day and event.start_date:
                start_date = event.start_date
                end_date = end_date or event.end_date
            elif event is not None:
                start_date = as_local(event.start_at, ZoneInfo(event.timezone)).date()
            elif body.start is not None:
                start_date = body.start.date()
            else:
                raise invalid("start_date", "an all-day event needs start_date (YYYY-MM-DD)")
        return all_day_timing(start_date, end_date, tz_name)
    start = body.start if "start" in fields else None
    end = body.end if "end" in fields else None
    if event is None or event.all_day:
        if start is None or end is None:
            missing = [n for n, v in (("start", start), ("end", end)) if v is None]
            raise ValidationFailed(
                f"{' and '.join(missing)} required: a timed event needs start and end "
                "(ISO 8601; naive times are read in 'timezone')",
                details=[
                    {"loc": ["body", n], "message": "required", "type": "missing"} for n in missing
                ],
            )
        return timed(start, end, tz_name)
    return _moved(start, end, tz_name, event.start_at, event.end_at)


def _moved(
    start: datetime | None, end: datetime | None, tz_name: str, start_at: datetime, end_at: datetime
) -> Timing:
    """Timed [start_at, end_at) with the given ``start``/``end`` applied; moving only the start
    keeps the duration."""
    tz = ZoneInfo(tz_name)
    start_local = start if start is not None else as_local(start_at, tz)
    if end is not None:
        end_local = end
    elif start is not None:
        end_local = as_local(to_utc(start, tz, "start") + (end_at - start_at), tz)
    else:
        end_local = as_local(end_at, tz)
    return timed(start_local, end_local, tz_name)


_NOTIFY_FIELDS = (
    "title",
    "description",
    "location",
    "start_at",
    "end_at",
    "timezone",
    "all_day",
    "recurrence_freq",
    "recurrence_interval",
    "recurrence_count",
    "recurrence_until",
    "status",
)


# Changing any of these on a series re-times its instances and drops their own changes.
_SERIES_FIELDS = (
    "start_at",
    "end_at",
    "timezone",
    "all_day",
    "recurrence_freq",
    "recurrence_interval",
    "recurrence_count",
    "recurrence_until",
)


def update_event(ctx: Ctx, event_id: int, body: Any) -> tuple[Event, list[ConflictHit]]:
    event = editable_event(ctx, event_id)
    fields = body.model_fields_set
    before = {f: getattr(event, f) for f in _NOTIFY_FIELDS}
    if "calendar_id" in fields and body.calendar_id is not None:
        event.calendar = writable_calendar(ctx, body.calendar_id)
    for key in ("title", "description", "location", "status", "transparency"):
        if key in fields and getattr(body, key) is not None:
            setattr(event, key, getattr(body, key))
    if "timezone" in fields and body.timezone is not None:
        zone_of(body.timezone)
    tz_name = body.timezone if "timezone" in fields and body.timezone else event.timezone
    all_day = body.all_day if "all_day" in fields and body.all_day is not None else event.all_day
    if fields & {"start", "end", "start_date", "end_date", "all_day", "timezone"}:
        if all_day == event.all_day and not fields & {"start", "end", "start_date", "end_date"}:
            event.timezone = tz_name  # a new display zone keeps the instant
            if event.all_day and event.start_date:
                _apply_timing(event, all_day_timing(event.start_date, event.end_date, tz_name))
        else:
            _apply_timing(event, _timing_from(body, all_day, tz_name, event))
    if "recurrence" in fields:
        _apply_recurrence(event, body.recurrence)
    elif event.recurrence_until is not None:
        first_day = event.start_date or as_local(event.start_at, ZoneInfo(event.timezone)).date()
        if event.recurrence_until < first_day:
            raise invalid("recurrence.until", "is now before the event's first day; update it")
    if any(getattr(event, f) != before[f] for f in _SERIES_FIELDS):
        event.exceptions.clear()  # new instances: the old ones' changes no longer apply
    added: list[Attendee] = []
    removed: list[Attendee] = []
    if "attendees" in fields and body.attendees is not None:
        added, removed = _set_guests(ctx, event, body.attendees)
    if "reminders" in fields and body.reminders is not None:
        _set_reminders(event, body.reminders)
    changed = any(getattr(event, f) != before[f] for f in _NOTIFY_FIELDS)
    if changed or added or removed or ctx.session.is_modified(event):
        event.updated_at = to_naive_utc(ctx.now)
    hits = _check_conflicts(ctx, event, bool(body.reject_conflicts))
    if changed:
        keep = [a for a in event.attendees if a not in added and not a.hidden]
        _mail_attendees(ctx, event, "Updated invitation", keep)
    _mail_attendees(ctx, event, "Invitation", added)
    _mail_attendees(ctx, event, "Cancelled", removed)
    return event, hits


def delete_event(ctx: Ctx, event_id: int) -> str:
    """Organizer/owner: cancel for everyone. Guest: decline and drop it from their view."""
    event, role = get_event(ctx, event_id)
    if can_edit(role):
        if event.status == "cancelled":
            raise Conflict(f"event {event_id} is already cancelled")
        event.status = "cancelled"
        event.updated_at = to_naive_utc(ctx.now)
        _mail_attendees(ctx, event, "Cancelled", [a for a in event.attendees if not a.hidden])
        return "cancelled"
    attendee = my_attendee(event, ctx.user)
    if attendee is None:
        raise Forbidden(
            f"event {event_id} is on a calendar shared with you read-only; ask its owner "
            f"({event.calendar.owner.username}) to remove it"
        )
    if attendee.hidden:
        raise Conflict(f"event {event_id} was already removed from your calendar")
    attendee.hidden = True
    if event.status != "cancelled" and attendee.rsvp_status != "declined":
        attendee.rsvp_status = "declined"
        attendee.responded_at = to_naive_utc(ctx.now)
        _mail_organizer(ctx, event, attendee)
    return "declined"


# --- One occurrence of a recurring event --------------------------------------------------------


def get_occurrence(ctx: Ctx, event_id: int, index: int, *, editable: bool = False) -> Occurrence:
    """Instance ``index`` of a recurring event, with its own changes (cancelled ones too)."""
    event = editable_event(ctx, event_id) if editable else get_event(ctx, event_id)[0]
    if not event.recurrence_freq:
        raise Conflict(
            f"event {event_id} does not repeat; change or cancel it as a whole with "
            f"PATCH or DELETE /api/events/{event_id}"
        )
    for x in event.exceptions:
        if x.occurrence_index == index:
            return Occurrence(event, index, x.start_at, x.end_at, x.start_date, x.end_date, x)
    found = rule_instance(event, index)
    if found is None:
        raise NotFound(
            f"event {event_id} has no occurrence {index}; GET /api/events lists instances with "
            "their occurrence_index"
        )
    return found


SERIES_PREVIEW = 20


def series_preview(event: Event) -> list[Occurrence]:
    """The first instances of a recurring event, cancelled ones included (for its page)."""
    if not event.recurrence_freq:
        return []
    horizon = event.start_at + timedelta(days=CONFLICT_HORIZON_DAYS)
    return occurrences(event, None, horizon, include_cancelled=True)[:SERIES_PREVIEW]


def _exception_for(ctx: Ctx, occurrence: Occurrence) -> EventException:
    """The override row of ``occurrence``, created from the rule's instance if it has none."""
    if occurrence.exception is not None:
        return occurrence.exception
    assert occurrence.index is not None
    exception = EventException(
        occurrence_index=occurrence.index,
        original_start=occurrence.start,
        status=occurrence.event.status,
        start_at=occurrence.start,
        end_at=occurrence.end,
        start_date=occurrence.start_date,
        end_date=occurrence.end_date,
        updated_at=to_naive_utc(ctx.now),
    )
    occurrence.event.exceptions.append(exception)
    return exception


def _as_occurrence(event: Event, x: EventException) -> Occurrence:
    return Occurrence(event, x.occurrence_index, x.start_at, x.end_at, x.start_date, x.end_date, x)


def _shown(o: Occurrence) -> tuple[Any, ...]:
    """What guests see of an instance (a change to any of it is mailed)."""
    return (o.field("title"), o.field("description"), o.field("location"), o.status, o.start, o.end)


def update_occurrence(
    ctx: Ctx, event_id: int, index: int, body: Any
) -> tuple[Occurrence, list[ConflictHit]]:
    """Change one instance of a recurring event (RFC 5545 RECURRENCE-ID override); the series
    and its other instances stay as they are. Guests are told as for a change of the event."""
    current = get_occurrence(ctx, event_id, index, editable=True)
    event = current.event
    if current.status == "cancelled":
        raise Conflict(f"occurrence {index} of event {event_id} is cancelled")
    fields = {f for f in body.model_fields_set if getattr(body, f) is not None}
    before = _shown(current)
    x = _exception_for(ctx, current)
    for key in ("title", "description", "location", "status"):
        if key in fields:
            setattr(x, key, getattr(body, key))
    if event.all_day and fields & {"start_date", "end_date"}:
        first = body.start_date or x.start_date
        assert first is not None  # an all-day event's instance has a start date
        span = (x.end_date - x.start_date) if x.end_date and x.start_date else timedelta()
        last = body.end_date or (first + span if "start_date" in fields else x.end_date)
        timing = all_day_timing(first, last, event.timezone)
    elif not event.all_day and fields & {"start", "end"}:
        timing = _moved(body.start, body.end, event.timezone, x.start_at, x.end_at)
    elif fields & {"start", "end", "start_date", "end_date"}:
        wanted = "start_date/end_date" if event.all_day else "start/end"
        raise invalid(
            "start_date" if not event.all_day else "start",
            f"this event is {'all-day' if event.all_day else 'timed'}; move it with {wanted}",
        )
    else:
        timing = None
    if timing is not None:
        x.start_at, x.end_at = timing.start_at, timing.end_at
        x.start_date, x.end_date = timing.start_date, timing.end_date
    after = _as_occurrence(event, x)
    changed = _shown(after) != before
    if changed:
        x.updated_at = to_naive_utc(ctx.now)
    hits = _check_conflicts(ctx, event, bool(body.reject_conflicts), [after])
    if changed:
        guests = [a for a in event.attendees if not a.hidden]
        _mail_attendees(ctx, event, "Updated invitation", guests, after)
    return after, hits


def cancel_occurrence(ctx: Ctx, event_id: int, index: int) -> Occurrence:
    """Cancel one instance of a recurring event (RFC 5545 EXDATE); guests are told."""
    current = get_occurrence(ctx, event_id, index, editable=True)
    if current.status == "cancelled":
        raise Conflict(f"occurrence {index} of event {event_id} is already cancelled")
    x = _exception_for(ctx, current)
    x.status = "cancelled"
    x.updated_at = to_naive_utc(ctx.now)
    cancelled = _as_occurrence(current.event, x)
    guests = [a for a in current.event.attendees if not a.hidden]
    _mail_attendees(ctx, current.event, "Cancelled", guests, cancelled)
    return cancelled


def respond(ctx: Ctx, event_id: int, status: str) -> Event:
    event, role = get_event(ctx, event_id)
    attendee = my_attendee(event, ctx.user)
    if attendee is None:
        raise Conflict(
            f"you are not on the guest list of event {event_id} (you are its {role}); only "
            "invited guests can RSVP"
        )
    if event.status == "cancelled":
        raise Conflict(
            f"event {event_id} was cancelled by its organizer; there is nothing to answer"
        )
    changed = attendee.rsvp_status != status or attendee.hidden
    attendee.rsvp_status = status
    attendee.hidden = False
    attendee.responded_at = to_naive_utc(ctx.now)
    if changed and event.organizer_id != ctx.user_id:
        _mail_organizer(ctx, event, attendee)
    return event


# --- Mail ---------------------------------------------------------------------------------------


def _when(event: Event, occurrence: Occurrence | None = None) -> str:
    """The event's time and repetition, or the time of one ``occurrence`` of it."""
    tz = ZoneInfo(event.timezone)
    o = occurrence or Occurrence(
        event, None, event.start_at, event.end_at, event.start_date, event.end_date
    )
    if event.all_day and o.start_date and o.end_date:
        span = f"{o.start_date.isoformat()}"
        if o.end_date != o.start_date:
            span += f" to {o.end_date.isoformat()}"
        text = f"{span} (all day)"
    else:
        text = f"{fmt_local(o.start, tz)} to {as_local(o.end, tz):%H:%M}"
    if occurrence is not None:
        text += " (one occurrence of a repeating event)"
    elif event.recurrence_freq:
        unit = {"daily": "days", "weekly": "weeks", "monthly": "months"}[event.recurrence_freq]
        every = (
            event.recurrence_freq
            if event.recurrence_interval == 1
            else f"every {event.recurrence_interval} {unit}"
        )
        text += f", repeats {every}"
        if event.recurrence_count:
            text += f", {event.recurrence_count} times"
        if event.recurrence_until:
            text += f" until {event.recurrence_until.isoformat()}"
    return text


def _send(ctx: Ctx, to: list[str], subject: str, body: str) -> None:
    target = ctx.runtime.notifications
    if target is None or not to:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Calendar",
        to=to,
        subject=subject[:500],
        body=body,
        labels=["calendar"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


def _mail_attendees(
    ctx: Ctx,
    event: Event,
    kind: str,
    attendees: list[Attendee],
    occurrence: Occurrence | None = None,
) -> None:
    """Mail ``attendees`` about the event, or about one ``occurrence`` of it."""
    to = sorted(
        {a.email for a in attendees if a.user_id != ctx.user_id and a.email != ctx.user.email}
    )
    guests = ", ".join(a.email for a in event.attendees) or "none"
    shown = occurrence or Occurrence(event, None, event.start_at, event.end_at)
    title, when = shown.field("title"), _when(event, occurrence)
    body = (
        f"{kind}: {title}\n"
        f"When: {when}\n"
        f"Where: {shown.field('location') or '-'}\n"
        f"Organizer: {event.organizer.display_name} <{event.organizer.email}>\n"
        f"Guests: {guests}\n"
        f"Event id: {event.id}\n"
    )
    if occurrence is not None:
        body += f"Occurrence: {occurrence.index}\n"
    if shown.field("description"):
        body += f"\n{shown.field('description')}\n"
    if kind in ("Invitation", "Updated invitation"):
        body += (
            f"\nReply in the calendar: POST /api/events/{event.id}/rsvp with "
            '{"response": "accepted" | "declined" | "tentative"}\n'
        )
    for email in to:  # one mail per guest, as calendars do
        _send(ctx, [email], f"{kind}: {title} @ {when}", body)


def _mail_organizer(ctx: Ctx, event: Event, attendee: Attendee | AttendeeView) -> None:
    verb = {
        "accepted": "Accepted",
        "declined": "Declined",
        "tentative": "Tentatively accepted",
        "needs_action": "Needs action",
    }[attendee.rsvp_status]
    who = attendee.user.display_name if attendee.user else attendee.email
    _send(
        ctx,
        [event.organizer.email],
        f"{verb}: {event.title} @ {_when(event)}",
        f"{who} <{attendee.email}> has {verb.lower()} your invitation to {event.title!r} "
        f"(event {event.id}).\n",
    )
