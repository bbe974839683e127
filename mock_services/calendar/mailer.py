"""Not an area: mail to guests and organizers about an event or one instance of it, sent
once the request commits; none when the seed wires no notifications."""

from __future__ import annotations

from mock_services.core.base.clock import local_moment, zone
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail

from .event_view import AttendeeView
from .models import Attendee, Event
from .times import Occurrence, fmt_local

DEFAULT_SENDER = "calendar@example.test"


def _when(event: Event, occurrence: Occurrence | None = None) -> str:
    """The event's time and repetition, or the time of one ``occurrence`` of it."""
    tz = zone(event.timezone)
    o = occurrence or Occurrence(
        event, None, event.start_at, event.end_at, event.start_date, event.end_date
    )
    if event.all_day and o.start_date and o.end_date:
        span = f"{o.start_date.isoformat()}"
        if o.end_date != o.start_date:
            span += f" to {o.end_date.isoformat()}"
        text = f"{span} (all day)"
    else:
        text = f"{fmt_local(o.start, tz)} to {local_moment(o.end, tz):%H:%M}"
    if occurrence is not None:
        text += " (one occurrence of a repeating event)"
    elif event.recurrence_freq:
        unit = {"daily": "days", "weekly": "weeks", "monthly": "months"}[event.recurrence_freq]
        every = (
            event.recurrence_freq
            if event.recurrence_interval == 1
            else f"every {event.recurrence_interval} {unit}"
        )
        text += f", repeats {every}"
        if event.recurrence_count:
            text += f", {event.recurrence_count} times"
        if event.recurrence_until:
            text += f" until {event.recurrence_until.isoformat()}"
    return text


def _send(ctx: Ctx, to: list[str], subject: str, body: str) -> None:
    target = ctx.runtime.notifications
    if target is None or not to:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Calendar",
        to=to,
        subject=subject[:500],
        body=body,
        labels=["calendar"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


def mail_attendees(
    ctx: Ctx,
    event: Event,
    kind: str,
    attendees: list[Attendee],
    occurrence: Occurrence | None = None,
) -> None:
    """Mail ``attendees`` about the event, or about one ``occurrence`` of it."""
    to = sorted(
        {a.email for a in attendees if a.user_id != ctx.user_id and a.email != ctx.user.email}
    )
    guests = ", ".join(a.email for a in event.attendees) or "none"
    shown = occurrence or Occurrence(event, None, event.start_at, event.end_at)
    title, when = shown.field("title"), _when(event, occurrence)
    body = (
        f"{kind}: {title}\n"
        f"When: {when}\n"
        f"Where: {shown.field('location') or '-'}\n"
        f"Organizer: {event.organizer.display_name} <{event.organizer.email}>\n"
        f"Guests: {guests}\n"
        f"Event id: {event.id}\n"
    )
    if occurrence is not None:
        body += f"Occurrence: {occurrence.index}\n"
    if shown.field("description"):
        body += f"\n{shown.field('description')}\n"
    if kind in ("Invitation", "Updated invitation"):
        body += (
            f"\nReply in the calendar: POST /api/events/{event.id}/rsvp with "
            '{"response": "accepted" | "declined" | "tentative"}\n'
        )
    for email in to:  # one mail per guest, as calendars do
        _send(ctx, [email], f"{kind}: {title} @ {when}", body)


def mail_organizer(ctx: Ctx, event: Event, attendee: Attendee | AttendeeView) -> None:
    verb = {
        "accepted": "Accepted",
        "declined": "Declined",
        "tentative": "Tentatively accepted",
        "needs_action": "Needs action",
    }[attendee.rsvp_status]
    who = attendee.user.display_name if attendee.user else attendee.email
    _send(
        ctx,
        [event.organizer.email],
        f"{verb}: {event.title} @ {_when(event)}",
        f"{who} <{attendee.email}> has {verb.lower()} your invitation to {event.title!r} "
        f"(event {event.id}).\n",
    )
