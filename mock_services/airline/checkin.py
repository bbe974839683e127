"""Checking in and baggage (the bookings area's ``/checkin`` and ``/bags``): the check-in
window, passports, seats assigned, boarding passes, bag fees."""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.airline import bookings, policy
from mock_services.airline.airports import airport
from mock_services.airline.flights import (
    departure_of,
    flight_label,
    has_departed,
)
from mock_services.airline.models import (
    Bag,
    Booking,
    Flight,
    Passenger,
    Seat,
    Ticket,
)
from mock_services.airline.seats import held_seat_ids
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.spec.api import Ctx

# --- check-in and boarding passes ------------------------------------------------------------


class PassportMissing(Conflict):
    """Check-in refused: ``passenger`` has no passport number for the international flight
    ``label``. The message says how the API adds it; the web page says it in its own words."""

    def __init__(self, booking: Booking, passenger: Passenger, label: str) -> None:
        self.passenger_name = f"{passenger.first_name} {passenger.last_name}"
        self.flight_label = label
        super().__init__(
            f"{self.passenger_name} (passenger {passenger.id}) needs a passport number for "
            f"the international flight {label}; add it with PATCH "
            f"/api/bookings/{booking.reference}/passengers/{passenger.id}"
        )


def _free_seat(session: Session, flight: Flight, cabin: str) -> Seat | None:
    held = held_seat_ids(session, flight.id)
    seats = session.scalars(
        select(Seat)
        .where(Seat.flight_id == flight.id, Seat.cabin == cabin, Seat.blocked.is_(False))
        .order_by(Seat.fee_cents, Seat.row, Seat.letter)
    )
    return next((s for s in seats if s.id not in held), None)


def check_in(
    ctx: Ctx, booking: Booking, leg: str | None, passenger_ids: list[int] | None
) -> list[Ticket]:
    """Check passengers in on one flight, 24 h to 1 h before departure; assigns free seats."""
    bookings.require_active(booking, "check in")
    session = ctx.session
    legs = dict(bookings.booking_flights(session, booking))
    if leg is None:
        leg = next((name for name, f in legs.items() if not has_departed(ctx, f)), "outbound")
    if leg not in legs:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    flight = legs[leg]
    label = flight_label(session, flight)
    _check_in_open(ctx, flight, label)
    tickets = [t for t in bookings.tickets_of(session, booking) if t.leg == leg]
    if passenger_ids is not None:
        known = {t.passenger_id for t in tickets}
        for pid in passenger_ids:
            if pid not in known:
                raise NotFound(f"passenger {pid} is not on booking {booking.reference}")
        tickets = [t for t in tickets if t.passenger_id in set(passenger_ids)]
    _check_passports(session, booking, flight, label, tickets)
    sequence = (
        session.scalar(
            select(func.max(Ticket.boarding_sequence)).where(Ticket.flight_id == flight.id)
        )
        or 0
    )
    for t in tickets:
        if t.checked_in_at is not None:
            continue
        if t.seat_id is None:
            seat = _free_seat(session, flight, booking.cabin)
            if seat is None:
                raise Conflict(f"no free {booking.cabin} seat left on {label}")
            t.seat_id = seat.id
            t.seat_fee_cents = 0
            session.flush()
        sequence += 1
        t.checked_in_at = to_naive_utc(ctx.now)
        t.boarding_sequence = sequence
    return tickets


def _check_in_open(ctx: Ctx, flight: Flight, label: str) -> None:
    """Refuse unless ``flight`` flies and check-in is open now (24 h to 1 h before departure)."""
    if (closed := check_in_closed(ctx, flight, label)) is not None:
        raise Conflict(closed)


def check_in_closed(ctx: Ctx, flight: Flight, label: str) -> str | None:
    """Why ``flight`` cannot be checked in now, or None: the rule ``check_in`` refuses by, and
    the booking page offers no check-in by."""
    if flight.status == "cancelled":
        return (
            f"{label} is cancelled; change the booking to another flight or cancel it for a "
            "full refund"
        )
    if has_departed(ctx, flight):
        return f"{label} has already departed; check-in is closed"
    departure = departure_of(flight)
    opens = departure - policy.CHECK_IN_OPENS
    closes = departure - policy.CHECK_IN_CLOSES
    now = to_naive_utc(ctx.now)
    if now < opens:
        return (
            f"check-in for {label} is not open yet: it opens at {opens.isoformat()}Z "
            "(24 hours before departure)"
        )
    if now >= closes:
        return f"check-in for {label} closed at {closes.isoformat()}Z (1 hour before departure)"
    return None


def _check_passports(
    session: Session, booking: Booking, flight: Flight, label: str, tickets: list[Ticket]
) -> None:
    """On an international flight, everyone still to check in needs a passport number."""
    international = (
        airport(session, flight.origin_id).country
        != airport(session, flight.destination_id).country
    )
    if not international:
        return
    for t in tickets:
        p = session.get(Passenger, t.passenger_id)
        assert p is not None
        if t.checked_in_at is None and not p.passport_number:
            raise PassportMissing(booking, p, label)


# --- baggage ---------------------------------------------------------------------------------


class BagQuote(NamedTuple):
    """A checked bag a passenger may add, and what it costs, before it is added (a page asks
    first, naming the fee and the passenger)."""

    passenger: Passenger
    fee_cents: int
    overweight: bool


def bag_quote(ctx: Ctx, booking: Booking, passenger_id: int, weight_kg: float) -> BagQuote:
    """Whether ``passenger_id`` may add a bag of ``weight_kg`` and its fee (``add_bag``'s
    checks, run again when it is added)."""
    bookings.require_active(booking, "add bags")
    session = ctx.session
    passenger = session.get(Passenger, passenger_id)
    if passenger is None or passenger.booking_id != booking.id:
        raise NotFound(f"passenger {passenger_id} is not on booking {booking.reference}")
    legs = bookings.booking_flights(session, booking)
    first = legs[0][1]
    if has_departed(ctx, first):
        raise Conflict(f"{flight_label(session, first)} has already departed; bags cannot be added")
    if weight_kg > policy.BAG_MAX_WEIGHT_KG:
        raise ValidationFailed(
            f"a checked bag may weigh at most {policy.BAG_MAX_WEIGHT_KG:g} kg "
            f"({weight_kg:g} kg given); heavier items must go as cargo"
        )
    existing = (
        session.scalar(
            select(func.count()).select_from(Bag).where(Bag.passenger_id == passenger_id)
        )
        or 0
    )
    if existing >= policy.MAX_BAGS_PER_PASSENGER:
        raise Conflict(
            f"{passenger.first_name} {passenger.last_name} already has "
            f"{policy.MAX_BAGS_PER_PASSENGER} checked bags, the maximum per passenger"
        )
    fee, overweight = policy.bag_fee_cents(booking.cabin, existing, weight_kg, len(legs))
    return BagQuote(passenger, fee, overweight)


def add_bag(ctx: Ctx, booking: Booking, passenger_id: int, weight_kg: float) -> Bag:
    session = ctx.session
    passenger, fee, overweight = bag_quote(ctx, booking, passenger_id, weight_kg)
    bag = Bag(
        booking_id=booking.id,
        passenger_id=passenger_id,
        weight_kg=weight_kg,
        fee_cents=fee,
        overweight=overweight,
        created_at=to_naive_utc(ctx.now),
    )
    session.add(bag)
    bookings.add_charge(
        ctx,
        booking,
        "bag",
        fee,
        f"checked bag {weight_kg:g} kg for {passenger.first_name} {passenger.last_name}"
        + (" (overweight)" if overweight else ""),
    )
    session.flush()
    return bag


def remove_bag(ctx: Ctx, booking: Booking, bag_id: int) -> None:
    bookings.require_active(booking, "remove bags")
    session = ctx.session
    bag = session.get(Bag, bag_id)
    if bag is None or bag.booking_id != booking.id:
        raise NotFound(f"bag {bag_id} is not on booking {booking.reference}")
    checked = session.scalar(
        select(func.count())
        .select_from(Ticket)
        .where(Ticket.passenger_id == bag.passenger_id, Ticket.checked_in_at.is_not(None))
    )
    if checked:
        raise Conflict(
            f"passenger {bag.passenger_id} is already checked in; bags can only be removed "
            "before check-in"
        )
    bookings.add_charge(ctx, booking, "bag", -bag.fee_cents, f"checked bag {bag.id} removed")
    session.delete(bag)
