"""Business rules of the airline: search, booking, seats, changes, cancellation, check-in,
baggage and flight operations. Every function raises an ``ApiError`` in plain words."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.airline import policy
from mock_services.airline.models import (
    Airport,
    Announcement,
    Bag,
    Booking,
    Charge,
    Flight,
    FlightCabin,
    Passenger,
    PaymentMethod,
    Seat,
    Ticket,
    User,
)
from mock_services.airline.seed import card_summary
from mock_services.core.clock import to_naive_utc
from mock_services.core.errors import Conflict, Forbidden, NotFound, ValidationFailed
from mock_services.core.notify import MailDelivery, deliver_mail

AIRLINE_NAME = "LightCloud Airways"
DEFAULT_SENDER = "alerts@lightcloud-air.example"
FINAL_STATUSES = ("departed", "landed")


# --- small helpers ---------------------------------------------------------------------------


def naive(now: datetime) -> datetime:
    return to_naive_utc(now)


def local_iso(moment: datetime | None, tz_name: str) -> str | None:
    if moment is None:
        return None
    return moment.replace(tzinfo=UTC).astimezone(ZoneInfo(tz_name)).isoformat(timespec="seconds")


def local_clock(moment: datetime, tz_name: str) -> str:
    return moment.replace(tzinfo=UTC).astimezone(ZoneInfo(tz_name)).strftime("%H:%M")


def departure_of(flight: Flight) -> datetime:
    """When the flight actually leaves: the estimate when delayed, else the schedule."""
    return flight.estimated_departure or flight.scheduled_departure


def arrival_of(flight: Flight) -> datetime:
    return flight.estimated_arrival or flight.scheduled_arrival


def money_text(amount_cents: int) -> str:
    return f"${amount_cents / 100:,.2f}"


def airport(session: Session, airport_id: int) -> Airport:
    found = session.get(Airport, airport_id)
    assert found is not None
    return found


def flight_label(session: Session, flight: Flight) -> str:
    origin = airport(session, flight.origin_id).code
    destination = airport(session, flight.destination_id).code
    return f"{flight.number} {origin}-{destination} on {flight.departure_date.isoformat()}"


def has_departed(flight: Flight, now: datetime) -> bool:
    return flight.status in FINAL_STATUSES or departure_of(flight) <= naive(now)


def get_airport(session: Session, code: str) -> Airport:
    found = session.scalar(select(Airport).where(Airport.code == code.upper()))
    if found is None:
        codes = ", ".join(session.scalars(select(Airport.code).order_by(Airport.code)))
        raise NotFound(f"airport {code.upper()!r} not found; known airports: {codes or 'none'}")
    return found


def get_flight(session: Session, flight_id: int) -> Flight:
    flight = session.get(Flight, flight_id)
    if flight is None:
        raise NotFound(f"flight {flight_id} not found; search with GET /api/flights/search")
    return flight


def cabins_of(session: Session, flight_id: int) -> list[FlightCabin]:
    return list(
        session.scalars(
            select(FlightCabin).where(FlightCabin.flight_id == flight_id).order_by(FlightCabin.id)
        )
    )


def get_cabin(session: Session, flight: Flight, cabin: str) -> FlightCabin:
    found = session.scalar(
        select(FlightCabin).where(FlightCabin.flight_id == flight.id, FlightCabin.cabin == cabin)
    )
    if found is None:
        offered = ", ".join(c.cabin for c in cabins_of(session, flight.id))
        raise Conflict(
            f"{flight_label(session, flight)} has no {cabin} cabin; it offers: {offered}"
        )
    return found


# --- seat inventory --------------------------------------------------------------------------


def _active_tickets(session: Session, flight_ids: Iterable[int]) -> list[tuple[Ticket, str]]:
    rows = session.execute(
        select(Ticket, Booking.cabin)
        .join(Booking, Booking.id == Ticket.booking_id)
        .where(Ticket.flight_id.in_(list(flight_ids)), Booking.status != "cancelled")
    ).all()
    return [(t, cabin) for t, cabin in rows]


def seats_available(session: Session, flight_ids: Iterable[int]) -> dict[tuple[int, str], int]:
    """Free seats per (flight, cabin): unblocked seats minus passengers booked in the cabin."""
    ids = list(flight_ids)
    if not ids:
        return {}
    counts: dict[tuple[int, str], int] = defaultdict(int)
    for flight_id, cabin, n in session.execute(
        select(Seat.flight_id, Seat.cabin, func.count())
        .where(Seat.flight_id.in_(ids), Seat.blocked.is_(False))
        .group_by(Seat.flight_id, Seat.cabin)
    ):
        counts[(flight_id, cabin)] = n
    for ticket, cabin in _active_tickets(session, ids):
        counts[(ticket.flight_id, cabin)] -= 1
    return {k: max(v, 0) for k, v in counts.items()}


def held_seat_ids(session: Session, flight_id: int) -> set[int]:
    return {t.seat_id for t, _ in _active_tickets(session, [flight_id]) if t.seat_id is not None}


def seat_map(session: Session, flight: Flight, cabin: str | None = None) -> list[tuple[Seat, bool]]:
    held = held_seat_ids(session, flight.id)
    query = select(Seat).where(Seat.flight_id == flight.id)
    if cabin is not None:
        query = query.where(Seat.cabin == cabin)
    seats = session.scalars(query.order_by(Seat.row, Seat.id)).all()
    return [(s, s.blocked or s.id in held) for s in seats]


# --- search ----------------------------------------------------------------------------------


def list_flights(
    session: Session,
    *,
    origin: str | None = None,
    destination: str | None = None,
    day: date | None = None,
    number: str | None = None,
    status: str | None = None,
) -> list[Flight]:
    query = select(Flight)
    if origin:
        query = query.where(Flight.origin_id == get_airport(session, origin).id)
    if destination:
        query = query.where(Flight.destination_id == get_airport(session, destination).id)
    if day:
        query = query.where(Flight.departure_date == day)
    if number:
        query = query.where(Flight.number == number.upper())
    if status:
        query = query.where(Flight.status == status)
    return list(session.scalars(query.order_by(Flight.scheduled_departure, Flight.id)))


def bookable_problem(session: Session, flight: Flight, now: datetime) -> str | None:
    """Why ``flight`` cannot be booked (or changed to) right now, or None."""
    label = flight_label(session, flight)
    if flight.status == "cancelled":
        return f"{label} is cancelled"
    if flight.status in ("boarding", *FINAL_STATUSES):
        return f"{label} is already {flight.status}"
    closes = departure_of(flight) - policy.CHECK_IN_CLOSES
    if naive(now) >= closes:
        return f"{label} closed for sale at {closes.isoformat()}Z (1 hour before departure)"
    return None


@dataclass
class SearchHit:
    flight: Flight
    cabin: FlightCabin
    seats_available: int


def search(
    session: Session,
    now: datetime,
    *,
    origin: str,
    destination: str,
    day: date,
    cabin: str,
    passengers: int,
    sort: str,
) -> list[SearchHit]:
    """Bookable flights on a route and local date with enough free seats in ``cabin``."""
    if origin.upper() == destination.upper():
        raise ValidationFailed("origin and destination must be different airports")
    flights = list_flights(session, origin=origin, destination=destination, day=day)
    flights = [f for f in flights if bookable_problem(session, f, now) is None]
    free = seats_available(session, [f.id for f in flights])
    hits = []
    for f in flights:
        fare = session.scalar(
            select(FlightCabin).where(FlightCabin.flight_id == f.id, FlightCabin.cabin == cabin)
        )
        if fare is None or free.get((f.id, cabin), 0) < passengers:
            continue
        hits.append(SearchHit(f, fare, free[(f.id, cabin)]))
    keys = {
        "price": lambda h: (h.cabin.price_cents, departure_of(h.flight), h.flight.id),
        "departure": lambda h: (departure_of(h.flight), h.flight.id),
        "duration": lambda h: (
            h.flight.scheduled_arrival - h.flight.scheduled_departure,
            departure_of(h.flight),
            h.flight.id,
        ),
    }
    return sorted(hits, key=keys[sort])


# --- bookings --------------------------------------------------------------------------------


def get_booking(session: Session, user: User, reference: str) -> Booking:
    booking = session.scalar(select(Booking).where(Booking.reference == reference.upper()))
    if booking is None:
        raise NotFound(f"booking {reference.upper()!r} not found")
    if booking.user_id != user.id:
        raise Forbidden(f"booking {booking.reference} belongs to another customer")
    return booking


def booking_flights(session: Session, booking: Booking) -> list[tuple[str, Flight]]:
    legs = [("outbound", get_flight(session, booking.outbound_flight_id))]
    if booking.return_flight_id is not None:
        legs.append(("return", get_flight(session, booking.return_flight_id)))
    return legs


def passengers_of(session: Session, booking: Booking) -> list[Passenger]:
    return list(
        session.scalars(
            select(Passenger).where(Passenger.booking_id == booking.id).order_by(Passenger.id)
        )
    )


def tickets_of(session: Session, booking: Booking) -> list[Ticket]:
    return list(
        session.scalars(select(Ticket).where(Ticket.booking_id == booking.id).order_by(Ticket.id))
    )


def bags_of(session: Session, booking: Booking) -> list[Bag]:
    return list(session.scalars(select(Bag).where(Bag.booking_id == booking.id).order_by(Bag.id)))


def charges_of(session: Session, booking: Booking) -> list[Charge]:
    return list(
        session.scalars(select(Charge).where(Charge.booking_id == booking.id).order_by(Charge.id))
    )


def is_refundable(session: Session, booking: Booking) -> bool:
    return get_cabin(
        session, get_flight(session, booking.outbound_flight_id), booking.cabin
    ).refundable


def add_charge(
    session: Session, booking: Booking, kind: str, amount: int, description: str, now: datetime
) -> None:
    if amount == 0:
        return
    session.add(
        Charge(
            booking_id=booking.id,
            kind=kind,
            amount_cents=amount,
            description=description,
            created_at=naive(now),
        )
    )
    booking.total_price_cents += amount


def new_reference(session: Session, booking_id: int) -> str:
    attempt = 0
    while True:
        code = policy.booking_reference(booking_id, attempt)
        if session.scalar(select(Booking.id).where(Booking.reference == code)) is None:
            return code
        attempt += 1


def _check_card_expiry(expiry: str, now: datetime, what: str) -> None:
    month, year = (int(p) for p in expiry.split("/"))
    if (2000 + year, month) < (now.year, now.month):
        raise ValidationFailed(f"{what} expired at the end of {expiry}; use another card")


def _next_id(session: Session, model: Any) -> int:
    return (session.scalar(select(func.max(model.id))) or 0) + 1


def create_booking(session: Session, user: User, now: datetime, body: Any) -> Booking:
    """Book ``body.passengers`` on a flight (and optional return flight) in one cabin."""
    outbound = get_flight(session, body.flight_id)
    legs = [("outbound", outbound)]
    if body.return_flight_id is not None:
        back = get_flight(session, body.return_flight_id)
        if back.origin_id != outbound.destination_id or back.destination_id != outbound.origin_id:
            raise ValidationFailed(
                f"the return flight {flight_label(session, back)} must fly back from "
                f"{airport(session, outbound.destination_id).code} to "
                f"{airport(session, outbound.origin_id).code}"
            )
        if departure_of(back) <= arrival_of(outbound):
            raise ValidationFailed(
                f"the return flight {flight_label(session, back)} departs before the outbound "
                "flight arrives"
            )
        legs.append(("return", back))
    pax = len(body.passengers)
    free = seats_available(session, [f.id for _, f in legs])
    fares = {}
    for leg, flight in legs:
        problem = bookable_problem(session, flight, now)
        if problem:
            raise Conflict(f"cannot book the {leg} flight: {problem}")
        fares[leg] = get_cabin(session, flight, body.cabin)
        left = free.get((flight.id, body.cabin), 0)
        if left < pax:
            raise Conflict(
                f"only {left} {body.cabin} seat(s) left on {flight_label(session, flight)}; "
                f"{pax} requested"
            )
    today = naive(now).date()
    for i, p in enumerate(body.passengers):
        if p.date_of_birth >= today:
            raise ValidationFailed(
                f"passengers[{i}] ({p.first_name} {p.last_name}): date_of_birth must be in the past"
            )
        if p.date_of_birth.year < today.year - 120:
            raise ValidationFailed(
                f"passengers[{i}] ({p.first_name} {p.last_name}): date_of_birth "
                f"{p.date_of_birth.isoformat()} is not plausible"
            )
        if p.return_seat is not None and len(legs) == 1:
            raise ValidationFailed(
                f"passengers[{i}]: 'return_seat' needs a return flight (return_flight_id)"
            )
    if body.payment_method_id is not None:
        pm = session.get(PaymentMethod, body.payment_method_id)
        if pm is None:
            raise NotFound(
                f"payment method {body.payment_method_id} not found; see GET /api/account"
            )
        if pm.user_id != user.id:
            raise Forbidden(f"payment method {pm.id} belongs to another customer")
        _check_card_expiry(pm.expiry, now, f"the saved card ending in {pm.last4}")
        summary, pm_id = card_summary(pm), pm.id
    else:
        _check_card_expiry(body.card.expiry, now, f"the card ending in {body.card.last4}")
        summary, pm_id = f"{body.card.brand.upper()} ****{body.card.last4}", None

    booking_id = _next_id(session, Booking)
    booking = Booking(
        id=booking_id,
        reference=new_reference(session, booking_id),
        user_id=user.id,
        outbound_flight_id=outbound.id,
        return_flight_id=legs[1][1].id if len(legs) > 1 else None,
        cabin=body.cabin,
        status="confirmed",
        payment_method_id=pm_id,
        card_summary=summary,
        total_price_cents=0,
        created_at=naive(now),
    )
    session.add(booking)
    session.flush()
    for leg, flight in legs:
        add_charge(
            session,
            booking,
            "fare",
            fares[leg].price_cents * pax,
            f"{booking.cabin} fare {flight.number} on {flight.departure_date.isoformat()} x{pax}",
            now,
        )
    for p in body.passengers:
        passenger = Passenger(
            booking_id=booking.id,
            first_name=p.first_name.strip(),
            last_name=p.last_name.strip(),
            date_of_birth=p.date_of_birth,
            passport_number=p.passport_number.upper() if p.passport_number else None,
        )
        session.add(passenger)
        session.flush()
        for leg, flight in legs:
            session.add(
                Ticket(
                    booking_id=booking.id,
                    passenger_id=passenger.id,
                    flight_id=flight.id,
                    leg=leg,
                    seat_id=None,
                    seat_fee_cents=0,
                )
            )
        session.flush()
        for leg, seat in (("outbound", p.seat), ("return", p.return_seat)):
            if seat is not None:
                select_seat(session, booking, now, passenger.id, seat, leg)
    if body.use_travel_credit:
        booking.travel_credit_used_cents = min(user.travel_credit_cents, booking.total_price_cents)
        user.travel_credit_cents -= booking.travel_credit_used_cents
    return booking


def _ticket(session: Session, booking: Booking, passenger_id: int, leg: str) -> Ticket:
    passenger = session.get(Passenger, passenger_id)
    if passenger is None or passenger.booking_id != booking.id:
        raise NotFound(f"passenger {passenger_id} is not on booking {booking.reference}")
    ticket = session.scalar(
        select(Ticket).where(Ticket.passenger_id == passenger_id, Ticket.leg == leg)
    )
    if ticket is None:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    return ticket


def _require_active(booking: Booking, action: str) -> None:
    if booking.status == "cancelled":
        raise Conflict(f"booking {booking.reference} is cancelled; cannot {action}")


def select_seat(
    session: Session, booking: Booking, now: datetime, passenger_id: int, number: str, leg: str
) -> Ticket:
    """Give a passenger a free seat in the booked cabin; the seat fee is charged."""
    _require_active(booking, "choose seats")
    ticket = _ticket(session, booking, passenger_id, leg)
    flight = get_flight(session, ticket.flight_id)
    label = flight_label(session, flight)
    if flight.status == "cancelled":
        raise Conflict(f"{label} is cancelled; change the booking to another flight first")
    if has_departed(flight, now):
        raise Conflict(f"{label} has already departed; seats can no longer be chosen")
    if ticket.checked_in_at is not None:
        raise Conflict(
            f"passenger {passenger_id} is already checked in on {label}; seats can no longer "
            "be changed online"
        )
    number = number.upper()
    seat = session.scalar(select(Seat).where(Seat.flight_id == flight.id, Seat.number == number))
    if seat is None:
        raise ValidationFailed(f"seat {number} does not exist on {label}")
    if seat.cabin != booking.cabin:
        raise ValidationFailed(
            f"seat {number} is in {seat.cabin}; this booking is in {booking.cabin}"
        )
    if seat.id == ticket.seat_id:
        return ticket
    if seat.blocked or seat.id in held_seat_ids(session, flight.id):
        raise Conflict(f"seat {number} on {label} is already taken; pick a free seat")
    passenger = session.get(Passenger, passenger_id)
    assert passenger is not None
    name = f"{passenger.first_name} {passenger.last_name}"
    if ticket.seat_fee_cents:
        old = session.get(Seat, ticket.seat_id) if ticket.seat_id else None
        add_charge(
            session,
            booking,
            "seat",
            -ticket.seat_fee_cents,
            f"seat {old.number if old else '?'} {flight.number} released for {name}",
            now,
        )
    ticket.seat_id = seat.id
    ticket.seat_fee_cents = seat.fee_cents
    add_charge(
        session,
        booking,
        "seat",
        seat.fee_cents,
        f"seat {number} {flight.number} on {flight.departure_date.isoformat()} for {name}",
        now,
    )
    return ticket


def update_passenger(
    session: Session, booking: Booking, passenger_id: int, passport_number: str | None
) -> Passenger:
    _require_active(booking, "update passengers")
    passenger = session.get(Passenger, passenger_id)
    if passenger is None or passenger.booking_id != booking.id:
        raise NotFound(f"passenger {passenger_id} is not on booking {booking.reference}")
    passenger.passport_number = passport_number.upper() if passport_number else None
    return passenger


# --- changes ---------------------------------------------------------------------------------


@dataclass
class ChangeResult:
    booking: Booking
    fare_difference: int
    change_fee: int
    amount_charged: int
    amount_credited: int


def change_flight(
    session: Session, booking: Booking, now: datetime, new_flight_id: int, leg: str
) -> ChangeResult:
    """Move one leg of a booking to another flight on the same route, same cabin."""
    _require_active(booking, "change flights")
    legs = dict(booking_flights(session, booking))
    if leg not in legs:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    old = legs[leg]
    new = get_flight(session, new_flight_id)
    old_label = flight_label(session, old)
    if new.id == old.id:
        raise ValidationFailed(f"the booking is already on {old_label}")
    if has_departed(old, now):
        raise Conflict(f"{old_label} has already departed; it can no longer be changed")
    if new.origin_id != old.origin_id or new.destination_id != old.destination_id:
        raise ValidationFailed(
            f"{flight_label(session, new)} is not on the same route as {old_label}; changes "
            "must keep the origin and destination"
        )
    tickets = [t for t in tickets_of(session, booking) if t.leg == leg]
    if any(t.checked_in_at is not None for t in tickets):
        raise Conflict(
            f"passengers are already checked in on {old_label}; a checked-in flight cannot be "
            "changed online"
        )
    problem = bookable_problem(session, new, now)
    if problem:
        raise Conflict(f"cannot change to that flight: {problem}")
    if leg == "outbound" and "return" in legs and arrival_of(new) >= departure_of(legs["return"]):
        raise ValidationFailed(
            f"{flight_label(session, new)} arrives after the return flight departs"
        )
    if leg == "return" and departure_of(new) <= arrival_of(legs["outbound"]):
        raise ValidationFailed(
            f"{flight_label(session, new)} departs before the outbound flight arrives"
        )
    pax = len(tickets)
    new_cabin = get_cabin(session, new, booking.cabin)
    left = seats_available(session, [new.id]).get((new.id, booking.cabin), 0)
    if left < pax:
        raise Conflict(
            f"only {left} {booking.cabin} seat(s) left on {flight_label(session, new)}; "
            f"{pax} needed"
        )
    old_cabin = get_cabin(session, old, booking.cabin)
    airline_cancelled = old.status == "cancelled"
    difference = (new_cabin.price_cents - old_cabin.price_cents) * pax
    fee = 0 if (old_cabin.refundable or airline_cancelled) else policy.CHANGE_FEE_CENTS * pax
    if airline_cancelled:
        difference = 0
    for t in tickets:
        if t.seat_fee_cents:
            seat = session.get(Seat, t.seat_id) if t.seat_id else None
            add_charge(
                session,
                booking,
                "seat",
                -t.seat_fee_cents,
                f"seat {seat.number if seat else '?'} {old.number} released by the change",
                now,
            )
        t.seat_id = None
        t.seat_fee_cents = 0
        t.flight_id = new.id
    new_desc = f"{new.number} on {new.departure_date.isoformat()}"
    add_charge(
        session,
        booking,
        "fare_difference",
        difference,
        f"fare difference {old.number} -> {new_desc} x{pax}",
        now,
    )
    add_charge(
        session, booking, "change_fee", fee, f"change fee x{pax} ({old.number} -> {new_desc})", now
    )
    if leg == "outbound":
        booking.outbound_flight_id = new.id
    else:
        booking.return_flight_id = new.id
    booking.status = "changed"
    booking.changed_at = naive(now)
    charged = max(difference, 0) + fee
    credited = max(-difference, 0)
    return ChangeResult(booking, difference, fee, charged, credited)


# --- cancellation ----------------------------------------------------------------------------


@dataclass
class Quote:
    """What cancelling gives back: ``refund`` to the card and ``credit_back`` (the part paid with
    travel credit, less any fee the card part did not cover), or everything as ``credit``."""

    can_cancel: bool
    reason: str | None
    total_paid: int
    refundable_fare: bool
    airline_cancelled: bool
    refund: int
    fee: int
    credit: int
    credit_back: int = 0


def cancellation_quote(session: Session, booking: Booking, now: datetime) -> Quote:
    legs = booking_flights(session, booking)
    refundable = is_refundable(session, booking)
    airline_cancelled = any(f.status == "cancelled" for _, f in legs)
    total = max(booking.total_price_cents, 0)
    pax = len(passengers_of(session, booking))
    reason = None
    if booking.status == "cancelled":
        reason = f"booking {booking.reference} is already cancelled"
    else:
        outbound = legs[0][1]
        if outbound.status != "cancelled" and has_departed(outbound, now):
            reason = (
                f"{flight_label(session, outbound)} has already departed; nothing is refundable "
                "after departure"
            )
    if reason is not None:
        return Quote(False, reason, total, refundable, airline_cancelled, 0, 0, 0)
    fee = 0 if refundable or airline_cancelled else min(policy.CANCELLATION_FEE_CENTS * pax, total)
    paid_with_credit = min(booking.travel_credit_used_cents, total)
    paid_by_card = total - paid_with_credit
    refund = max(paid_by_card - fee, 0)  # the fee comes out of the card part first
    credit_back = paid_with_credit - max(fee - paid_by_card, 0)
    return Quote(True, None, total, refundable, airline_cancelled, refund, fee, total, credit_back)


def cancel_booking(session: Session, booking: Booking, now: datetime, method: str) -> Booking:
    """Cancel: refundable fares (or flights the airline cancelled) get everything back; other
    fares get the total minus the fee, or the full total as travel credit. With a refund to the
    original payment, what travel credit paid goes back to travel credit."""
    quote = cancellation_quote(session, booking, now)
    if not quote.can_cancel:
        raise Conflict(f"cannot cancel: {quote.reason}")
    booking.status = "cancelled"
    booking.cancelled_at = naive(now)
    booking.refund_method = method
    user = session.get(User, booking.user_id)
    assert user is not None
    if method == "travel_credit":
        booking.refund_amount_cents = quote.credit
        booking.cancellation_fee_cents = 0
        user.travel_credit_cents += quote.credit
    else:
        booking.refund_amount_cents = quote.refund
        booking.cancellation_fee_cents = quote.fee
        user.travel_credit_cents += quote.credit_back
    return booking


# --- check-in and boarding passes ------------------------------------------------------------


def _free_seat(session: Session, flight: Flight, cabin: str) -> Seat | None:
    held = held_seat_ids(session, flight.id)
    seats = session.scalars(
        select(Seat)
        .where(Seat.flight_id == flight.id, Seat.cabin == cabin, Seat.blocked.is_(False))
        .order_by(Seat.fee_cents, Seat.row, Seat.letter)
    )
    return next((s for s in seats if s.id not in held), None)


def check_in(
    session: Session,
    booking: Booking,
    now: datetime,
    leg: str | None,
    passenger_ids: list[int] | None,
) -> list[Ticket]:
    """Check passengers in on one flight, 24 h to 1 h before departure; assigns free seats."""
    _require_active(booking, "check in")
    legs = dict(booking_flights(session, booking))
    if leg is None:
        leg = next((name for name, f in legs.items() if not has_departed(f, now)), "outbound")
    if leg not in legs:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    flight = legs[leg]
    label = flight_label(session, flight)
    if flight.status == "cancelled":
        raise Conflict(
            f"{label} is cancelled; change the booking to another flight or cancel it for a "
            "full refund"
        )
    if has_departed(flight, now):
        raise Conflict(f"{label} has already departed; check-in is closed")
    departure = departure_of(flight)
    opens = departure - policy.CHECK_IN_OPENS
    closes = departure - policy.CHECK_IN_CLOSES
    if naive(now) < opens:
        raise Conflict(
            f"check-in for {label} is not open yet: it opens at {opens.isoformat()}Z "
            "(24 hours before departure)"
        )
    if naive(now) >= closes:
        raise Conflict(
            f"check-in for {label} closed at {closes.isoformat()}Z (1 hour before departure)"
        )
    tickets = [t for t in tickets_of(session, booking) if t.leg == leg]
    if passenger_ids is not None:
        known = {t.passenger_id for t in tickets}
        for pid in passenger_ids:
            if pid not in known:
                raise NotFound(f"passenger {pid} is not on booking {booking.reference}")
        tickets = [t for t in tickets if t.passenger_id in set(passenger_ids)]
    international = (
        airport(session, flight.origin_id).country
        != airport(session, flight.destination_id).country
    )
    if international:
        for t in tickets:
            p = session.get(Passenger, t.passenger_id)
            assert p is not None
            if t.checked_in_at is None and not p.passport_number:
                raise Conflict(
                    f"{p.first_name} {p.last_name} (passenger {p.id}) needs a passport number for "
                    f"the international flight {label}; add it with PATCH "
                    f"/api/bookings/{booking.reference}/passengers/{p.id}"
                )
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
        t.checked_in_at = naive(now)
        t.boarding_sequence = sequence
    return tickets


# --- baggage ---------------------------------------------------------------------------------


def add_bag(
    session: Session, booking: Booking, now: datetime, passenger_id: int, weight_kg: float
) -> Bag:
    _require_active(booking, "add bags")
    passenger = session.get(Passenger, passenger_id)
    if passenger is None or passenger.booking_id != booking.id:
        raise NotFound(f"passenger {passenger_id} is not on booking {booking.reference}")
    legs = booking_flights(session, booking)
    first = legs[0][1]
    if has_departed(first, now):
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
    bag = Bag(
        booking_id=booking.id,
        passenger_id=passenger_id,
        weight_kg=weight_kg,
        fee_cents=fee,
        overweight=overweight,
        created_at=naive(now),
    )
    session.add(bag)
    add_charge(
        session,
        booking,
        "bag",
        fee,
        f"checked bag {weight_kg:g} kg for {passenger.first_name} {passenger.last_name}"
        + (" (overweight)" if overweight else ""),
        now,
    )
    session.flush()
    return bag


def remove_bag(session: Session, booking: Booking, now: datetime, bag_id: int) -> None:
    _require_active(booking, "remove bags")
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
    add_charge(session, booking, "bag", -bag.fee_cents, f"checked bag {bag.id} removed", now)
    session.delete(bag)


# --- flight operations -----------------------------------------------------------------------

_TRANSITIONS = {
    "scheduled": {"delayed", "cancelled", "boarding", "departed"},
    "delayed": {"scheduled", "delayed", "cancelled", "boarding", "departed"},
    "boarding": {"delayed", "departed", "cancelled"},
    "departed": {"landed"},
    "landed": set(),
    "cancelled": set(),
}


def _announce(
    session: Session, flight: Flight, kind: str, message: str, now: datetime
) -> Announcement:
    announcement = Announcement(
        flight_id=flight.id, kind=kind, message=message, created_at=naive(now)
    )
    session.add(announcement)
    session.flush()
    return announcement


def create_announcement(
    session: Session, flight_id: int, message: str, now: datetime
) -> Announcement:
    return _announce(session, get_flight(session, flight_id), "info", message, now)


@dataclass
class FlightUpdateResult:
    flight: Flight
    announcements: list[Announcement]
    notified: list[str]


def update_flight(
    session: Session,
    runtime: Any,
    after_commit: Any,
    flight_id: int,
    now: datetime,
    *,
    status: str | None,
    delay_minutes: int | None,
    gate: str | None,
    reason: str | None,
) -> FlightUpdateResult:
    """Operations: set status, delay or gate; announces each change and mails passengers."""
    flight = get_flight(session, flight_id)
    label = flight_label(session, flight)
    if flight.status in ("cancelled", "landed"):
        raise Conflict(f"{label} is {flight.status}; its status can no longer change")
    origin = airport(session, flight.origin_id)
    destination = airport(session, flight.destination_id)
    made: list[Announcement] = []
    mails: list[tuple[str, str]] = []  # (kind, text)
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

    if delay_minutes is not None:
        previous = flight.estimated_departure
        if delay_minutes == 0:
            flight.estimated_departure = None
            flight.estimated_arrival = None
            if previous is not None:
                made.append(
                    _announce(
                        session,
                        flight,
                        "delay",
                        f"{label} is back on schedule: departing "
                        f"{local_clock(flight.scheduled_departure, origin.timezone)} local time.",
                        now,
                    )
                )
        else:
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
                made.append(_announce(session, flight, "delay", text, now))
                mails.append(("delay", text))
    if target is not None and target != flight.status:
        flight.status = target
        if target == "cancelled":
            text = (
                f"{label} ({origin.city} to {destination.city}) is cancelled."
                + (f" Reason: {reason}." if reason else "")
                + " You can change to another flight on the same route free of charge, or "
                "cancel your booking for a full refund."
            )
            made.append(_announce(session, flight, "cancellation", text, now))
            mails.append(("cancellation", text))
        elif target != "delayed" and target != "scheduled":
            words = {
                "boarding": f"is now boarding at gate {flight.gate or 'to be announced'}",
                "departed": "has departed",
                "landed": f"has landed in {destination.city}",
            }
            made.append(_announce(session, flight, "status", f"{label} {words[target]}.", now))
    if reason is not None:
        flight.status_reason = reason
    gate = gate.upper() if gate is not None else None
    if gate is not None and gate != flight.gate:
        old_gate = flight.gate
        flight.gate = gate
        text = f"Gate change for {label}: now departing from gate {gate}" + (
            f" (was {old_gate})." if old_gate else "."
        )
        made.append(_announce(session, flight, "gate_change", text, now))
    notified = _notify_passengers(session, runtime, after_commit, flight, label, mails)
    return FlightUpdateResult(flight, made, notified)


def _site(runtime: Any) -> str:
    spec = getattr(runtime, "spec", None)
    return f"http://localhost:{spec.port if spec is not None else 5000}"


def _notify_passengers(
    session: Session,
    runtime: Any,
    after_commit: Any,
    flight: Flight,
    label: str,
    mails: list[tuple[str, str]],
) -> list[str]:
    if not mails:
        return []
    bookings = session.scalars(
        select(Booking)
        .where(
            Booking.status != "cancelled",
            Booking.id.in_(select(Ticket.booking_id).where(Ticket.flight_id == flight.id)),
        )
        .order_by(Booking.id)
    ).all()
    target = getattr(runtime, "notifications", None)
    sender = (target.sender if target is not None and target.sender else None) or DEFAULT_SENDER
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
                MailDelivery(
                    sender=sender,
                    sender_name=AIRLINE_NAME,
                    to=[user.email],
                    subject=f"{subject} (booking {booking.reference})",
                    body=f"Dear {user.display_name},\n\n{text}\n\nBooking reference: "
                    f"{booking.reference}\nManage your booking at "
                    f"{_site(runtime)}/bookings/{booking.reference}"
                    f"\n\n{AIRLINE_NAME}",
                )
            )

    def send() -> None:
        for mail in deliveries:
            deliver_mail(runtime, mail)

    if deliveries:
        after_commit(send)
    return [b.reference for b in bookings]


def booking_confirmation_mail(session: Session, runtime: Any, booking: Booking) -> MailDelivery:
    user = session.get(User, booking.user_id)
    assert user is not None
    target = getattr(runtime, "notifications", None)
    sender = (target.sender if target is not None and target.sender else None) or DEFAULT_SENDER
    lines = [
        f"{leg.title()}: {flight_label(session, f)}, departs "
        f"{local_iso(f.scheduled_departure, airport(session, f.origin_id).timezone)}"
        for leg, f in booking_flights(session, booking)
    ]
    names = ", ".join(f"{p.first_name} {p.last_name}" for p in passengers_of(session, booking))
    credit = booking.travel_credit_used_cents
    paid_with = booking.card_summary
    if credit:
        paid_with += f", {money_text(credit)} of it with travel credit"
    return MailDelivery(
        sender=sender,
        sender_name=AIRLINE_NAME,
        to=[user.email],
        subject=f"Booking confirmed: {booking.reference}",
        body=f"Dear {user.display_name},\n\nYour booking {booking.reference} is confirmed.\n"
        + "\n".join(lines)
        + f"\nPassengers: {names}\nCabin: {booking.cabin}\nTotal paid: "
        f"{money_text(booking.total_price_cents)} ({paid_with})\n\n{AIRLINE_NAME}",
    )
