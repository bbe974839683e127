"""Not an area: the events and instances that make a user busy (free/busy, conflicts), and
the "starts before" filter event listings share with it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from .models import Attendee, Calendar, Event, EventException
from .times import Occurrence, occurrences


def starts_before(hi: datetime) -> Any:
    """The event, or one of its instances moved on its own, starts before ``hi``."""
    moved = select(EventException.event_id).where(EventException.start_at < hi)
    return or_(Event.start_at < hi, Event.id.in_(moved))


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
        starts_before(hi),
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
