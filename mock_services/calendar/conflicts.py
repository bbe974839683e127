"""The conflicts area: your own busy events that overlap, and the conflicts a new or changed
event (or one instance of it) makes for its organizer, owner and local guests."""

from __future__ import annotations

from collections.abc import Sequence
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


def _taking_time(event: Event, instances: list[Occurrence] | None = None) -> list[Occurrence]:
    """The instances of ``event`` (or only the given ``instances`` of it) that take time: those
    not cancelled, a series' over a year from its start; none of a cancelled or free event."""
    if event.status == "cancelled" or event.transparency == "transparent":
        return []
    horizon = event.start_at + timedelta(days=CONFLICT_HORIZON_DAYS)
    mine = occurrences(event, None, horizon) if instances is None else instances
    return [o for o in mine if o.status != "cancelled"]


def _overlaps(
    ctx: Ctx,
    event: Event,
    mine: list[Occurrence],
    users: list[User],
    busy: dict[int, list[Occurrence]],
) -> list[ConflictHit]:
    """Each of ``users``' ``busy`` instances of another event that overlaps one of ``mine``."""
    hits: list[ConflictHit] = []
    seen: set[tuple[int, int, datetime]] = set()
    for user in users:
        for other in busy[user.id]:
            key = (user.id, other.event.id, other.start)
            if key in seen or other.event.id == event.id:
                continue
            if any(o.start < other.end and other.start < o.end for o in mine):
                seen.add(key)
                visible = event_role(other.event, ctx.user) is not None
                hits.append(ConflictHit(user, other, visible))
    hits.sort(key=lambda h: (h.other.start, h.user.id, h.other.event.id))
    return hits


def find_conflicts(
    ctx: Ctx, event: Event, instances: list[Occurrence] | None = None
) -> list[ConflictHit]:
    """Other events overlapping ``event`` (or only the given ``instances`` of it) for its
    organizer, owner and local guests."""
    mine = _taking_time(event, instances)
    if not mine:
        return []
    users = participants(event)
    lo, hi = mine[0].start, max(o.end for o in mine)
    busy = busy_by_user(ctx.session, [u.id for u in users], lo, hi, exclude=event.id)
    return _overlaps(ctx, event, mine, users, busy)


def event_conflicts(ctx: Ctx, event_id: int) -> tuple[Event, list[ConflictHit]]:
    """The event ``event_id`` the caller may see (a 404, or a 403 when they are not invited)
    and the conflicts it makes (:func:`find_conflicts`): what its page lists, on the page
    and from the API alike."""
    event, _role = get_event(ctx, event_id)
    return event, find_conflicts(ctx, event)


def clashes(ctx: Ctx, events: Sequence[Event]) -> dict[int, list[ConflictHit]]:
    """By event id, the caller's own events each of ``events`` overlaps: its conflicts
    (:func:`find_conflicts`) for the caller alone, none once they decline it; what an
    invitation shows beside its answer, on the pages and from the API. One read of the
    caller's busy time serves them all."""
    me = {e.id: [u for u in participants(e) if u.id == ctx.user_id] for e in events}
    taking = {e.id: _taking_time(e) if me[e.id] else [] for e in events}
    spans = [o for instances in taking.values() for o in instances]
    if not spans:
        return {e.id: [] for e in events}
    lo, hi = min(o.start for o in spans), max(o.end for o in spans)
    busy = busy_by_user(ctx.session, [ctx.user_id], lo, hi)
    return {e.id: _overlaps(ctx, e, taking[e.id], me[e.id], busy) for e in events}


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
