"""The conflicts area: your own busy events that overlap, and the conflicts a new or changed
event (or one instance of it) makes for its organizer, owner and local guests."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from mock_services.core.base.clock import iso
from mock_services.core.base.errors import Conflict
from mock_services.core.spec.api import Ctx

from .access import event_role, get_event
from .busy import busy_by_user, busy_occurrences
from .models import Event, User
from .times import Occurrence, occurrences

CONFLICT_HORIZON_DAYS = 366


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
    ctx: Ctx, event: Event, instances: list[Occurrence] | None = None, only: int | None = None
) -> list[ConflictHit]:
    """Other events overlapping ``event`` (or only the given ``instances`` of it) for its
    organizer, owner and local guests (or only for the one of them whose id is ``only``)."""
    users = [u for u in participants(event) if only is None or u.id == only]
    if not users or event.status == "cancelled" or event.transparency == "transparent":
        return []
    horizon = event.start_at + timedelta(days=CONFLICT_HORIZON_DAYS)
    mine = occurrences(event, None, horizon) if instances is None else instances
    mine = [o for o in mine if o.status != "cancelled"]
    if not mine:
        return []
    lo, hi = mine[0].start, max(o.end for o in mine)
    hits: list[ConflictHit] = []
    seen: set[tuple[int, int, datetime]] = set()
    busy = busy_by_user(ctx.session, [u.id for u in users], lo, hi, exclude=event.id)
    for user in users:
        for other in busy[user.id]:
            key = (user.id, other.event.id, other.start)
            if key in seen:
                continue
            if any(o.start < other.end and other.start < o.end for o in mine):
                seen.add(key)
                visible = event_role(other.event, ctx.user) is not None
                hits.append(ConflictHit(user, other, visible))
    hits.sort(key=lambda h: (h.other.start, h.user.id, h.other.event.id))
    return hits


def event_conflicts(ctx: Ctx, event_id: int) -> tuple[Event, list[ConflictHit]]:
    """The event ``event_id`` the caller may see (a 404, or a 403 when they are not invited)
    and the conflicts it makes (:func:`find_conflicts`): what its page lists, on the page
    and from the API alike."""
    event, _role = get_event(ctx, event_id)
    return event, find_conflicts(ctx, event)


def clashes(ctx: Ctx, event: Event) -> list[ConflictHit]:
    """The caller's own events that ``event`` overlaps, by the rule above (none once they
    decline it): what an invitation shows beside its answer, on the pages and from the API."""
    return find_conflicts(ctx, event, only=ctx.user_id)


def describe_conflict(hit: ConflictHit) -> str:
    span = f"{iso(hit.other.start)} to {iso(hit.other.end)}"
    if hit.visible:
        return (
            f"{hit.user.username} is busy with event {hit.other.event.id} "
            f"{hit.other.event.title!r} ({span})"
        )
    return f"{hit.user.username} is busy ({span})"


def check_conflicts(
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
