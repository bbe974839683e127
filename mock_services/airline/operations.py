"""Flight operations (the admin area, admin token): status, delay and gate changes by the
transition rules, each announced, delays and cancellations mailed to the passengers' booking
owners after the commit; free-text announcements."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import Select, select

from mock_services.airline import mailer
from mock_services.airline.airports import airport
from mock_services.airline.flights import FINAL_STATUSES, flight_label, get_flight
from mock_services.airline.models import Announcement, Booking, Flight, Ticket, User
from mock_services.airline.schemas import AnnouncementQuery
from mock_services.core.base.clock import local_moment, to_naive_utc, zone
from mock_services.core.base.errors import Conflict, ValidationFailed
from mock_services.core.spec.api import Ctx


def local_clock(moment: datetime, tz_name: str) -> str:
    """A stored (naive UTC) time as the clock reads in ``tz_name``: ``19:50``."""
    return local_moment(moment, zone(tz_name)).strftime("%H:%M")


_TRANSITIONS = {
    "scheduled": {"delayed", "cancelled", "boarding", "departed"},
    "delayed": {"scheduled", "delayed", "cancelled", "boarding", "departed"},
    "boarding": {"delayed", "departed", "cancelled"},
    "departed": {"landed"},
    "landed": set(),
    "cancelled": set(),
}


def _announce(ctx: Ctx, flight: Flight, kind: str, message: str) -> Announcement:
    announcement = Announcement(
        flight_id=flight.id, kind=kind, message=message, created_at=to_naive_utc(ctx.now)
    )
    ctx.session.add(announcement)
    ctx.session.flush()
    return announcement


def announcements(query: AnnouncementQuery) -> Select[Announcement]:
    """The announcements ``query`` asks for (a flight by id or number, a day, a kind), newest
    first."""
    stmt = select(Announcement).join(Flight, Flight.id == Announcement.flight_id)
    if query.flight_id:
        stmt = stmt.where(Announcement.flight_id == query.flight_id)
    if query.flight_number:
        stmt = stmt.where(Flight.number == query.flight_number.upper())
    if query.date:
        stmt = stmt.where(Flight.departure_date == query.date)
    if query.kind:
        stmt = stmt.where(Announcement.kind == query.kind)
    return stmt.order_by(Announcement.id.desc())


def create_announcement(ctx: Ctx, flight_id: int, message: str) -> Announcement:
    return _announce(ctx, get_flight(ctx.session, flight_id), "info", message)


@dataclass
class FlightUpdateResult:
    flight: Flight
    announcements: list[Announcement]
    notified: list[str]


@dataclass
class _Notices:
    """What an operations update announced, and the (kind, text) of what passengers are mailed."""

    announced: list[Announcement] = field(default_factory=list)
    mails: list[tuple[str, str]] = field(default_factory=list)

    def add(self, ctx: Ctx, flight: Flight, kind: str, text: str, *, mail: bool) -> None:
        self.announced.append(_announce(ctx, flight, kind, text))
        if mail:
            self.mails.append((kind, text))


def update_flight(
    ctx: Ctx,
    flight_id: int,
    *,
    status: str | None,
    delay_minutes: int | None,
    gate: str | None,
    reason: str | None,
) -> FlightUpdateResult:
    """Operations: set status, delay or gate; announces each change and mails passengers."""
    flight = get_flight(ctx.session, flight_id)
    label = flight_label(ctx.session, flight)
    if flight.status in ("cancelled", "landed"):
        raise Conflict(f"{label} is {flight.status}; its status can no longer change")
    target, delay_minutes = _planned_status(flight, label, status, delay_minutes)
    notices = _Notices()
    if delay_minutes is not None:
        _set_delay(ctx, flight, label, delay_minutes, reason, notices)
    if target is not None and target != flight.status:
        _set_status(ctx, flight, label, target, reason, notices)
    if reason is not None:
        flight.status_reason = reason
    gate = gate.upper() if gate is not None else None
    if gate is not None and gate != flight.gate:
        old_gate = flight.gate
        flight.gate = gate
        text = f"Gate change for {label}: now departing from gate {gate}" + (
            f" (was {old_gate})." if old_gate else "."
        )
        notices.add(ctx, flight, "gate_change", text, mail=False)
    notified = _notify_passengers(ctx, flight, label, notices.mails)
    return FlightUpdateResult(flight, notices.announced, notified)


def _planned_status(
    flight: Flight, label: str, status: str | None, delay_minutes: int | None
) -> tuple[str | None, int | None]:
    """The status and delay an update leads to (a delay alone implies one), once allowed."""
    target = status
    if target == "scheduled" and delay_minutes is None and flight.estimated_departure:
        delay_minutes = 0
    if delay_minutes is not None:
        if flight.status in FINAL_STATUSES or target in FINAL_STATUSES:
            raise Conflict(f"{label} has departed; a delay can no longer be set")
        if target == "cancelled":
            raise ValidationFailed("a cancelled flight cannot also be delayed; send one change")
        if delay_minutes > 0 and target is None and flight.status == "scheduled":
            target = "delayed"
        if delay_minutes == 0 and target is None and flight.status == "delayed":
            target = "scheduled"
    if target is not None and target != flight.status and target not in _TRANSITIONS[flight.status]:
        allowed = ", ".join(sorted(_TRANSITIONS[flight.status])) or "none"
        raise Conflict(
            f"{label} is {flight.status}; it cannot become {target} (allowed: {allowed})"
        )
    if target == "delayed" and not delay_minutes and flight.estimated_departure is None:
        raise ValidationFailed("setting status 'delayed' needs 'delay_minutes' greater than 0")
    if target == "scheduled" and delay_minutes:
        raise ValidationFailed("an on-time ('scheduled') flight cannot have delay_minutes > 0")
    return target, delay_minutes


def _set_delay(
    ctx: Ctx, flight: Flight, label: str, delay_minutes: int, reason: str | None, notices: _Notices
) -> None:
    """Move the estimates by ``delay_minutes`` (0: back on schedule); a new delay is mailed."""
    origin = airport(ctx.session, flight.origin_id)
    destination = airport(ctx.session, flight.destination_id)
    previous = flight.estimated_departure
    if delay_minutes == 0:
        flight.estimated_departure = None
        flight.estimated_arrival = None
        if previous is not None:
            text = (
                f"{label} is back on schedule: departing "
                f"{local_clock(flight.scheduled_departure, origin.timezone)} local time."
            )
            notices.add(ctx, flight, "delay", text, mail=False)
        return
    shift = timedelta(minutes=delay_minutes)
    flight.estimated_departure = flight.scheduled_departure + shift
    flight.estimated_arrival = flight.scheduled_arrival + shift
    if flight.estimated_departure != previous:
        text = (
            f"{label} ({origin.city} to {destination.city}) is delayed by "
            f"{delay_minutes} minutes: new departure "
            f"{local_clock(flight.estimated_departure, origin.timezone)} local time "
            f"({flight.estimated_departure.isoformat()}Z), arriving "
            f"{local_clock(flight.estimated_arrival, destination.timezone)} local time."
            + (f" Reason: {reason}." if reason else "")
        )
        notices.add(ctx, flight, "delay", text, mail=True)


def _set_status(
    ctx: Ctx, flight: Flight, label: str, target: str, reason: str | None, notices: _Notices
) -> None:
    """Move the flight to ``target``; a cancellation is mailed, delays are announced elsewhere."""
    origin = airport(ctx.session, flight.origin_id)
    destination = airport(ctx.session, flight.destination_id)
    flight.status = target
    if target == "cancelled":
        text = (
            f"{label} ({origin.city} to {destination.city}) is cancelled."
            + (f" Reason: {reason}." if reason else "")
            + " You can change to another flight on the same route free of charge, or "
            "cancel your booking for a full refund."
        )
        notices.add(ctx, flight, "cancellation", text, mail=True)
    elif target != "delayed" and target != "scheduled":
        words = {
            "boarding": f"is now boarding at gate {flight.gate or 'to be announced'}",
            "departed": "has departed",
            "landed": f"has landed in {destination.city}",
        }
        notices.add(ctx, flight, "status", f"{label} {words[target]}.", mail=False)


def _notify_passengers(
    ctx: Ctx, flight: Flight, label: str, mails: list[tuple[str, str]]
) -> list[str]:
    """Mail each (kind, text) to the owner of every active booking on ``flight`` after commit;
    returns the references of those bookings."""
    if not mails:
        return []
    session = ctx.session
    bookings = session.scalars(
        select(Booking)
        .where(
            Booking.status != "cancelled",
            Booking.id.in_(select(Ticket.booking_id).where(Ticket.flight_id == flight.id)),
        )
        .order_by(Booking.id)
    ).all()
    deliveries = []
    for booking in bookings:
        user = session.get(User, booking.user_id)
        assert user is not None
        for kind, text in mails:
            subject = (
                f"Flight {flight.number} on {flight.departure_date.isoformat()} is delayed"
                if kind == "delay"
                else f"Flight {flight.number} on {flight.departure_date.isoformat()} is cancelled"
            )
            deliveries.append(
                mailer.letter(
                    ctx,
                    user,
                    f"{subject} (booking {booking.reference})",
                    f"{text}\n\n{mailer.manage(ctx, booking.reference)}",
                )
            )
    mailer.send_after_commit(ctx, deliveries)
    return [b.reference for b in bookings]
