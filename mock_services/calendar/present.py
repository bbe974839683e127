"""Mapped rows (or, for the read by id, ``event_view``'s plain ones) to answers, shared by
the API and the web UI."""

from __future__ import annotations

from datetime import date

from mock_services.core.base.clock import iso, zone
from mock_services.core.spec.api import Ctx

from . import access, conflicts
from .event_view import EventView, ExceptionView
from .models import Calendar, Event, EventException, User
from .schemas import (
    CalendarOut,
    ConflictOut,
    EventConflictOut,
    EventOut,
    InvitationOut,
    OccurrenceOut,
    ShareOut,
    UserOut,
)
from .times import Occurrence, local_iso


def user_out(user: User) -> UserOut:
    return UserOut.model_validate(user)


def calendar_out(calendar: Calendar, viewer: User) -> CalendarOut:
    role = access.calendar_role(calendar, viewer) or "reader"
    return CalendarOut(
        id=calendar.id,
        name=calendar.name,
        color=calendar.color,
        description=calendar.description,
        timezone=calendar.timezone,
        primary=calendar.is_primary,
        owner=calendar.owner.username,
        role=role,
        shares=[
            ShareOut(user_id=s.user_id, username=s.user.username, email=s.user.email, role=s.role)
            for s in calendar.shares
        ]
        if role == "owner"
        else [],
    )


def _fields(event: Event | EventView, viewer: access.Viewer) -> dict:
    """The values of ``event``'s answer, nested ones as plain dicts: the answer's model
    validates them in one call, several times faster than building each nested model."""
    tz = zone(event.timezone)
    role = access.event_role(event, viewer) or "reader"
    mine = access.my_attendee(event, viewer)
    organizer = event.organizer
    return {
        "id": event.id,
        "calendar_id": event.calendar_id,
        "calendar_name": event.calendar.name,
        "title": event.title,
        "description": event.description,
        "location": event.location,
        "start": iso(event.start_at),
        "end": iso(event.end_at),
        "start_local": local_iso(event.start_at, tz),
        "end_local": local_iso(event.end_at, tz),
        "timezone": event.timezone,
        "all_day": event.all_day,
        "start_date": _day(event.start_date),
        "end_date": _day(event.end_date),
        "status": event.status,
        "transparency": event.transparency,
        "organizer": {
            "username": organizer.username,
            "email": organizer.email,
            "display_name": organizer.display_name,
        },
        "external_organizer": event.external_organizer,
        "attendees": [
            {
                "email": a.email,
                "username": a.user.username if a.user else None,
                "display_name": a.user.display_name if a.user else None,
                "rsvp_status": a.rsvp_status,
                "optional": a.optional,
                "responded_at": iso(a.responded_at),
            }
            for a in event.attendees
        ],
        "reminders": [
            {"minutes_before": r.minutes_before, "method": r.method} for r in event.reminders
        ],
        "recurrence": {
            "freq": event.recurrence_freq,
            "interval": event.recurrence_interval,
            "count": event.recurrence_count,
            "until": _day(event.recurrence_until),
        }
        if event.recurrence_freq
        else None,
        "my_role": role,
        "my_rsvp": mine.rsvp_status if mine else None,
        "can_edit": access.can_edit(role) and event.status != "cancelled",
        "exceptions": [_exception_fields(x) for x in event.exceptions],
        "created_at": iso(event.created_at),
        "updated_at": iso(event.updated_at),
    }


def _day(value: date | None) -> str | None:
    return value.isoformat() if value else None


def _exception_fields(x: EventException | ExceptionView) -> dict:
    return {
        "occurrence_index": x.occurrence_index,
        "original_start": iso(x.original_start) or "",
        "status": x.status,
        "title": x.title,
        "description": x.description,
        "location": x.location,
        "start": iso(x.start_at) or "",
        "end": iso(x.end_at) or "",
        "start_date": _day(x.start_date),
        "end_date": _day(x.end_date),
    }


def event_out(event: Event | EventView, viewer: access.Viewer) -> EventOut:
    return EventOut(**_fields(event, viewer))


def occurrence_out(occurrence: Occurrence, viewer: User) -> OccurrenceOut:
    values = _fields(occurrence.event, viewer)
    tz = zone(occurrence.event.timezone)
    x = occurrence.exception
    recurring = occurrence.index is not None
    values.update(
        title=occurrence.field("title"),
        description=occurrence.field("description"),
        location=occurrence.field("location"),
        status=occurrence.status,
        start=iso(occurrence.start),
        end=iso(occurrence.end),
        start_local=local_iso(occurrence.start, tz),
        end_local=local_iso(occurrence.end, tz),
        occurrence_index=occurrence.index,
        original_start=iso(x.original_start if x else occurrence.start) if recurring else None,
        is_exception=x is not None,
    )
    if occurrence.status == "cancelled":
        values["can_edit"] = False
    if occurrence.start_date and occurrence.end_date:
        values.update(
            start_date=occurrence.start_date.isoformat(), end_date=occurrence.end_date.isoformat()
        )
    return OccurrenceOut(**values)


def conflict_out(hit: conflicts.ConflictHit) -> ConflictOut:
    return ConflictOut(
        user=hit.user.username,
        event_id=hit.other.event.id if hit.visible else None,
        title=hit.other.field("title") if hit.visible else None,
        start=iso(hit.other.start) or "",
        end=iso(hit.other.end) or "",
    )


def event_conflict_out(hit: conflicts.ConflictHit) -> EventConflictOut:
    return EventConflictOut(**conflict_out(hit).model_dump(), user_name=hit.user.display_name)


def invitations_out(ctx: Ctx, invited: list[Event]) -> list[InvitationOut]:
    """Invitations, each with the caller's own events it clashes with."""
    found = conflicts.clashes(ctx, invited)
    return [
        InvitationOut(**_fields(e, ctx.user), clashes=[conflict_out(h) for h in found[e.id]])
        for e in invited
    ]
