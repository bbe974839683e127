"""The events area: listing instances, creating, changing and cancelling events, one
instance of a recurring event on its own (RFC 5545 RECURRENCE-ID/EXDATE), and RSVP."""

from __future__ import annotations

import heapq
import itertools
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select

from mock_services.core.base.clock import local_day, local_moment, to_naive_utc, zone
from mock_services.core.base.errors import Conflict, Forbidden, ValidationFailed, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging, page_offset
from mock_services.core.spec.api import Ctx

from .access import (
    can_edit,
    editable_event,
    get_calendar,
    get_event,
    my_attendee,
    primary_calendar,
    visible_events_query,
    writable_calendar,
)
from .busy import starts_before
from .conflicts import ConflictHit, check_conflicts
from .mailer import mail_attendees, mail_organizer
from .models import Attendee, Calendar, CalendarShare, Event, Reminder, User
from .times import (
    Occurrence,
    Timing,
    all_day_timing,
    check_date,
    occurrences,
    timed,
    to_utc,
    zone_of,
)

# --- Listing --------------------------------------------------------------------------------------


def _range_filter(lo: datetime, hi: datetime) -> Any:
    return and_(starts_before(hi), or_(Event.recurrence_freq.is_not(None), Event.end_at > lo))


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


# --- Creating and changing events -----------------------------------------------------------------


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
        raise invalid_field("recurrence", "give either count or until, not both")
    first_day = event.start_date or local_day(event.start_at, zone(event.timezone))
    if recurrence.until is not None:
        check_date(recurrence.until, "recurrence.until")
        if recurrence.until < first_day:
            raise invalid_field(
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
            raise invalid_field(field, "give exactly one of 'email' or 'username'")
        if guest.username is not None:
            user = ctx.session.scalar(select(User).where(User.username == guest.username))
            if user is None:
                raise invalid_field(
                    f"{field}.username",
                    f"no user named {guest.username!r} (invite an outside guest by email address)",
                )
            email = user.email
        else:
            email = guest.email.strip()
            user = ctx.session.scalar(select(User).where(func.lower(User.email) == email.lower()))
            if user is not None:
                email = user.email
        if email.lower() in seen:
            raise invalid_field(field, f"{email} is already among the guests")
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
    hits = check_conflicts(ctx, event, body.reject_conflicts)
    mail_attendees(ctx, event, "Invitation", added)
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
                start_date = local_day(event.start_at, zone(event.timezone))
            elif body.start is not None:
                start_date = body.start.date()
            else:
                raise invalid_field("start_date", "an all-day event needs start_date (YYYY-MM-DD)")
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
    return moved(start, end, tz_name, event.start_at, event.end_at)


def moved(
    start: datetime | None, end: datetime | None, tz_name: str, start_at: datetime, end_at: datetime
) -> Timing:
    """Timed [start_at, end_at) with the given ``start``/``end`` applied; moving only the start
    keeps the duration."""
    tz = zone(tz_name)
    start_local = start if start is not None else local_moment(start_at, tz)
    if end is not None:
        end_local = end
    elif start is not None:
        end_local = local_moment(to_utc(start, tz, "start") + (end_at - start_at), tz)
    else:
        end_local = local_moment(end_at, tz)
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
        first_day = event.start_date or local_day(event.start_at, zone(event.timezone))
        if event.recurrence_until < first_day:
            raise invalid_field(
                "recurrence.until", "is now before the event's first day; update it"
            )
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
    hits = check_conflicts(ctx, event, bool(body.reject_conflicts))
    if changed:
        keep = [a for a in event.attendees if a not in added and not a.hidden]
        mail_attendees(ctx, event, "Updated invitation", keep)
    mail_attendees(ctx, event, "Invitation", added)
    mail_attendees(ctx, event, "Cancelled", removed)
    return event, hits


def delete_event(ctx: Ctx, event_id: int) -> str:
    """Organizer/owner: cancel for everyone. Guest: decline and drop it from their view."""
    event, role = get_event(ctx, event_id)
    if can_edit(role):
        if event.status == "cancelled":
            raise Conflict(f"event {event_id} is already cancelled")
        event.status = "cancelled"
        event.updated_at = to_naive_utc(ctx.now)
        mail_attendees(ctx, event, "Cancelled", [a for a in event.attendees if not a.hidden])
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
        mail_organizer(ctx, event, attendee)
    return "declined"


# --- RSVP -----------------------------------------------------------------------------------------


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
        mail_organizer(ctx, event, attendee)
    return event
