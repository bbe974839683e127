"""Not an area: who may see or change a calendar or an event (owner, writer, reader, organizer,
guest), and calendars and events by id as the caller may use them (404 unknown, 403 not theirs)."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy import or_, select

from mock_services.core.base.access import not_yours, role_refused
from mock_services.core.base.auth import Caller
from mock_services.core.base.errors import Conflict, NotFound
from mock_services.core.spec.api import Ctx

from .event_view import AttendeeView, CalendarView, EventView, event_view
from .models import Attendee, Calendar, CalendarShare, Event, User

Viewer = User | Caller
"""Whom access is decided for: only the id is read, so the caller will do (no user row)."""
AnyEvent = TypeVar("AnyEvent", Event, EventView)


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
