"""The invitations area: invitations to events not over yet, by your answer."""

from __future__ import annotations

from sqlalchemy import or_, select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.spec.api import Ctx

from .models import Attendee, Event
from .times import last_end


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
    return [e for e in ctx.session.scalars(query).unique().all() if last_end(e) > now]
