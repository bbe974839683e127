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


def _busy_for(event: Event, user_id: int) -> bool:
    """Whether ``event`` makes ``user_id`` busy: theirs (owned calendar, organized, or invited
    and not declined), unless they declined or hid it."""
    mine = [a for a in event.attendees if a.user_id == user_id]
    if any(a.rsvp_status == "declined" or a.hidden for a in mine):
        return False
    return event.calendar.owner_id == user_id or event.organizer_id == user_id or bool(mine)


def busy_by_user(
    session: Session,
    user_ids: list[int],
    lo: datetime | None,
    hi: datetime,
    exclude: int | None = None,
) -> dict[int, list[Occurrence]]:
    """Each user's busy instances in [lo, hi), in order, from one query for them all: the
    events not cancelled, not transparent, that any of them owns, organizes or is invited to."""
    own = select(Calendar.id).where(Calendar.owner_id.in_(user_ids))
    invited = select(Attendee.event_id).where(Attendee.user_id.in_(user_ids))
    query = select(Event).where(
        Event.status != "cancelled",
        Event.transparency == "opaque",
        or_(Event.calendar_id.in_(own), Event.organizer_id.in_(user_ids), Event.id.in_(invited)),
        starts_before(hi),
    )
    if lo is not None:
        query = query.where(or_(Event.recurrence_freq.is_not(None), Event.end_at > lo))
    if exclude is not None:
        query = query.where(Event.id != exclude)
    events = session.scalars(query).unique().all()
    instances = {e.id: occurrences(e, lo, hi) for e in events}
    answer = {}
    for user_id in user_ids:
        found = [o for e in events if _busy_for(e, user_id) for o in instances[e.id]]
        found.sort(key=lambda o: (o.start, o.end, o.event.id))
        answer[user_id] = found
    return answer


def busy_occurrences(
    session: Session, user_id: int, lo: datetime | None, hi: datetime, exclude: int | None = None
) -> list[Occurrence]:
    return busy_by_user(session, [user_id], lo, hi, exclude)[user_id]
