"""Invitations other services deliver (a clinic's appointment, say): each local attendee gets
a copy on their primary calendar, answered with RSVP like any invitation, and later updated or
cancelled by the sender through the same route and ``uid``."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import ValidationFailed
from mock_services.core.spec.api import Ctx

from .models import Attendee, Calendar, Event, User
from .schemas import InvitationDelivery
from .times import timed
from .users import find_user


def receive_invitation(ctx: Ctx, invitation: InvitationDelivery) -> tuple[list[Event], list[str]]:
    """Apply ``invitation`` to every local attendee's copy; answer the copies and the
    addresses with no account here (422 when none is local)."""
    timing = timed(invitation.start, invitation.end, invitation.timezone)
    local: list[User] = []
    undeliverable: list[str] = []
    for address in dict.fromkeys(a.lower() for a in invitation.attendees):
        user = find_user(ctx.session, address)
        (local.append(user) if user is not None else undeliverable.append(address))
    if not local:
        raise ValidationFailed(
            f"attendees: none of {', '.join(invitation.attendees)} has an account here; "
            "nothing was delivered",
            details={"undeliverable": undeliverable},
        )
    now = to_naive_utc(ctx.now)
    copies = []
    for user in local:
        event = _copy_for(ctx, user, invitation.uid)
        if event is None:
            if invitation.method == "cancel":
                continue
            event = _new_copy(ctx, user, invitation, now)
        event.title, event.description = invitation.title, invitation.description
        event.location = invitation.location
        event.start_at, event.end_at = timing.start_at, timing.end_at
        event.timezone = timing.timezone
        event.status = "cancelled" if invitation.method == "cancel" else "confirmed"
        event.updated_at = now
        copies.append(event)
    ctx.session.flush()
    return copies, undeliverable


def _copy_for(ctx: Ctx, user: User, uid: str) -> Event | None:
    return ctx.session.scalar(
        select(Event).where(Event.organizer_id == user.id, Event.external_uid == uid)
    )


def _new_copy(ctx: Ctx, user: User, invitation: InvitationDelivery, now: object) -> Event:
    calendar = ctx.session.scalar(
        select(Calendar).where(Calendar.owner_id == user.id, Calendar.is_primary.is_(True))
    )
    if calendar is None:
        raise ValidationFailed(f"attendees: {user.email} has no primary calendar to hold it")
    event = Event(
        calendar_id=calendar.id,
        organizer_id=user.id,
        external_organizer=invitation.organizer,
        external_uid=invitation.uid,
        all_day=False,
        transparency="opaque",
        recurrence_interval=1,
        created_at=now,
    )
    event.attendees.append(Attendee(email=user.email, user_id=user.id, rsvp_status="needs_action"))
    ctx.session.add(event)
    return event
