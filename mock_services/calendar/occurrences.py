"""One occurrence of a recurring event (the events area's ``/occurrences/<n>``): read it,
change it on its own, cancel it; the series stays as it is."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.spec.api import Ctx

from . import events
from .access import (
    editable_event,
    get_event,
)
from .conflicts import CONFLICT_HORIZON_DAYS, ConflictHit, check_conflicts
from .mailer import mail_attendees
from .models import Event, EventException
from .times import (
    Occurrence,
    all_day_timing,
    occurrences,
    rule_instance,
)

# --- One occurrence of a recurring event ----------------------------------------------------------


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
        timing = events.moved(body.start, body.end, event.timezone, x.start_at, x.end_at)
    elif fields & {"start", "end", "start_date", "end_date"}:
        wanted = "start_date/end_date" if event.all_day else "start/end"
        raise invalid_field(
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
    hits = check_conflicts(ctx, event, bool(body.reject_conflicts), [after])
    if changed:
        guests = [a for a in event.attendees if not a.hidden]
        mail_attendees(ctx, event, "Updated invitation", guests, after)
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
    mail_attendees(ctx, current.event, "Cancelled", guests, cancelled)
    return cancelled
