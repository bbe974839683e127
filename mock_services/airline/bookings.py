"""Booking rules (the bookings area): booking, seats, passengers, changes, cancellation,
check-in and baggage, with the booking's charges ledger and its confirmation mail.

Every function that reads the clock, the caller or changes rows takes the request's ``Ctx``;
pure look-ups take a session. Failures are ``ApiError``s in plain words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.airline import mailer, policy
from mock_services.airline.airports import airport
from mock_services.airline.flights import (
    arrival_of,
    bookable_problem,
    departure_of,
    flight_label,
    get_cabin,
    get_flight,
    has_departed,
)
from mock_services.airline.models import (
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
from mock_services.airline.money import money_text
from mock_services.airline.schemas import BookingCreate, PassengerIn
from mock_services.airline.seats import held_seat_ids, seats_available
from mock_services.airline.seed import card_summary
from mock_services.core.base.access import require_owner
from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import local_iso, to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail

BOOKINGS = Addressed(
    kind="booking",
    by="reference",
    shape=r"[A-Z0-9]{6}",
    sample=policy.booking_reference(1),
    table="bookings",
    owner_column="user_id",
    hint="list yours with GET /api/bookings",
)


def canonical_reference(reference: str) -> str:
    """A booking reference in its one spelling (``7vkylf`` is ``7VKYLF``)."""
    return reference.strip().upper()


def get_booking(ctx: Ctx, reference: str) -> Booking:
    """One of the caller's bookings by reference."""
    reference = canonical_reference(reference)
    booking = ctx.session.scalar(select(Booking).where(Booking.reference == reference))
    if booking is None:
        raise BOOKINGS.not_found(ctx, reference)
    return require_owner(
        booking, ctx.user_id, kind="booking", key=booking.reference, owner_attr="user_id"
    )


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


def add_charge(ctx: Ctx, booking: Booking, kind: str, amount: int, description: str) -> None:
    if amount == 0:
        return
    ctx.session.add(
        Charge(
            booking_id=booking.id,
            kind=kind,
            amount_cents=amount,
            description=description,
            created_at=to_naive_utc(ctx.now),
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


def _check_card_expiry(ctx: Ctx, expiry: str, what: str) -> None:
    month, year = (int(p) for p in expiry.split("/"))
    if (2000 + year, month) < (ctx.now.year, ctx.now.month):
        raise ValidationFailed(f"{what} expired at the end of {expiry}; use another card")


def _next_id(session: Session, model: Any) -> int:
    return (session.scalar(select(func.max(model.id))) or 0) + 1


def create_booking(ctx: Ctx, body: BookingCreate) -> Booking:
    """Book ``body.passengers`` on a flight (and optional return flight) in one cabin; the
    confirmation is mailed once the booking is committed."""
    legs = _booking_legs(ctx.session, body)
    fares = _check_fares(ctx, legs, body)
    _check_passengers(ctx, body, has_return=len(legs) > 1)
    summary, pm_id = _payment(ctx, body)
    session = ctx.session
    booking_id = _next_id(session, Booking)
    booking = Booking(
        id=booking_id,
        reference=new_reference(session, booking_id),
        user_id=ctx.user_id,
        outbound_flight_id=legs[0][1].id,
        return_flight_id=legs[1][1].id if len(legs) > 1 else None,
        cabin=body.cabin,
        status="confirmed",
        payment_method_id=pm_id,
        card_summary=summary,
        total_price_cents=0,
        created_at=to_naive_utc(ctx.now),
    )
    session.add(booking)
    session.flush()
    pax = len(body.passengers)
    for leg, flight in legs:
        add_charge(
            ctx,
            booking,
            "fare",
            fares[leg].price_cents * pax,
            f"{booking.cabin} fare {flight.number} on {flight.departure_date.isoformat()} x{pax}",
        )
    for p in body.passengers:
        _add_passenger(ctx, booking, legs, p)
    if body.use_travel_credit:
        user = ctx.user
        booking.travel_credit_used_cents = min(user.travel_credit_cents, booking.total_price_cents)
        user.travel_credit_cents -= booking.travel_credit_used_cents
    _mail_confirmation(ctx, booking)
    return booking


def _booking_legs(session: Session, body: BookingCreate) -> list[tuple[str, Flight]]:
    """The outbound flight and the return flight, if any, which must fly the route back."""
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
    return legs


def _check_fares(
    ctx: Ctx, legs: list[tuple[str, Flight]], body: BookingCreate
) -> dict[str, FlightCabin]:
    """Each leg's fare in the booked cabin, once the flight is bookable with enough seats."""
    session = ctx.session
    pax = len(body.passengers)
    free = seats_available(session, [f.id for _, f in legs])
    fares = {}
    for leg, flight in legs:
        problem = bookable_problem(ctx, flight)
        if problem:
            raise Conflict(f"cannot book the {leg} flight: {problem}")
        fares[leg] = get_cabin(session, flight, body.cabin)
        left = free.get((flight.id, body.cabin), 0)
        if left < pax:
            raise Conflict(
                f"only {left} {body.cabin} seat(s) left on {flight_label(session, flight)}; "
                f"{pax} requested"
            )
    return fares


def _check_passengers(ctx: Ctx, body: BookingCreate, *, has_return: bool) -> None:
    today = to_naive_utc(ctx.now).date()
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
        if p.return_seat is not None and not has_return:
            raise ValidationFailed(
                f"passengers[{i}]: 'return_seat' needs a return flight (return_flight_id)"
            )


def _payment(ctx: Ctx, body: BookingCreate) -> tuple[str, int | None]:
    """The card summary and saved card id (None for a one-off card) the booking is paid with."""
    if body.payment_method_id is not None:
        pm = ctx.session.get(PaymentMethod, body.payment_method_id)
        if pm is None:
            raise NotFound(
                f"payment method {body.payment_method_id} not found; see GET /api/account"
            )
        require_owner(pm, ctx.user_id, kind="payment method", key=pm.id, owner_attr="user_id")
        _check_card_expiry(ctx, pm.expiry, f"the saved card ending in {pm.last4}")
        return card_summary(pm), pm.id
    card = body.card
    assert card is not None  # BookingCreate requires exactly one of the two
    _check_card_expiry(ctx, card.expiry, f"the card ending in {card.last4}")
    return f"{card.brand.upper()} ****{card.last4}", None


def _add_passenger(
    ctx: Ctx, booking: Booking, legs: list[tuple[str, Flight]], p: PassengerIn
) -> None:
    """A passenger with a ticket per leg, on the seats they asked for (fees charged)."""
    session = ctx.session
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
            select_seat(ctx, booking, passenger.id, seat, leg)


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


def select_seat(ctx: Ctx, booking: Booking, passenger_id: int, number: str, leg: str) -> Ticket:
    """Give a passenger a free seat in the booked cabin; the seat fee is charged."""
    _require_active(booking, "choose seats")
    session = ctx.session
    ticket = _ticket(session, booking, passenger_id, leg)
    flight = get_flight(session, ticket.flight_id)
    label = flight_label(session, flight)
    if flight.status == "cancelled":
        raise Conflict(f"{label} is cancelled; change the booking to another flight first")
    if has_departed(ctx, flight):
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
            ctx,
            booking,
            "seat",
            -ticket.seat_fee_cents,
            f"seat {old.number if old else '?'} {flight.number} released for {name}",
        )
    ticket.seat_id = seat.id
    ticket.seat_fee_cents = seat.fee_cents
    add_charge(
        ctx,
        booking,
        "seat",
        seat.fee_cents,
        f"seat {number} {flight.number} on {flight.departure_date.isoformat()} for {name}",
    )
    return ticket


def update_passenger(
    ctx: Ctx, booking: Booking, passenger_id: int, passport_number: str | None
) -> Passenger:
    _require_active(booking, "update passengers")
    passenger = ctx.session.get(Passenger, passenger_id)
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


def change_flight(ctx: Ctx, booking: Booking, new_flight_id: int, leg: str) -> ChangeResult:
    """Move one leg of a booking to another flight on the same route, same cabin."""
    _require_active(booking, "change flights")
    session = ctx.session
    legs = dict(booking_flights(session, booking))
    if leg not in legs:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    old = legs[leg]
    new = get_flight(session, new_flight_id)
    tickets = [t for t in tickets_of(session, booking) if t.leg == leg]
    new_cabin = _check_change(ctx, booking, legs, leg, new, tickets)
    pax = len(tickets)
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
                ctx,
                booking,
                "seat",
                -t.seat_fee_cents,
                f"seat {seat.number if seat else '?'} {old.number} released by the change",
            )
        t.seat_id = None
        t.seat_fee_cents = 0
        t.flight_id = new.id
    new_desc = f"{new.number} on {new.departure_date.isoformat()}"
    add_charge(
        ctx,
        booking,
        "fare_difference",
        difference,
        f"fare difference {old.number} -> {new_desc} x{pax}",
    )
    add_charge(ctx, booking, "change_fee", fee, f"change fee x{pax} ({old.number} -> {new_desc})")
    if leg == "outbound":
        booking.outbound_flight_id = new.id
    else:
        booking.return_flight_id = new.id
    booking.status = "changed"
    booking.changed_at = to_naive_utc(ctx.now)
    charged = max(difference, 0) + fee
    credited = max(-difference, 0)
    return ChangeResult(booking, difference, fee, charged, credited)


def _check_change(
    ctx: Ctx,
    booking: Booking,
    legs: dict[str, Flight],
    leg: str,
    new: Flight,
    tickets: list[Ticket],
) -> FlightCabin:
    """Refuse a change of ``leg`` to ``new`` unless it keeps the route and the trip's order and
    has seats for everyone; returns the booked cabin on ``new``."""
    session = ctx.session
    old = legs[leg]
    old_label = flight_label(session, old)
    if new.id == old.id:
        raise ValidationFailed(f"the booking is already on {old_label}")
    if has_departed(ctx, old):
        raise Conflict(f"{old_label} has already departed; it can no longer be changed")
    if new.origin_id != old.origin_id or new.destination_id != old.destination_id:
        raise ValidationFailed(
            f"{flight_label(session, new)} is not on the same route as {old_label}; changes "
            "must keep the origin and destination"
        )
    if any(t.checked_in_at is not None for t in tickets):
        raise Conflict(
            f"passengers are already checked in on {old_label}; a checked-in flight cannot be "
            "changed online"
        )
    problem = bookable_problem(ctx, new)
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
    return new_cabin


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


def cancellation_quote(ctx: Ctx, booking: Booking) -> Quote:
    session = ctx.session
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
        if outbound.status != "cancelled" and has_departed(ctx, outbound):
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


def cancel_booking(ctx: Ctx, booking: Booking, method: str) -> Booking:
    """Cancel: refundable fares (or flights the airline cancelled) get everything back; other
    fares get the total minus the fee, or the full total as travel credit. With a refund to the
    original payment, what travel credit paid goes back to travel credit."""
    quote = cancellation_quote(ctx, booking)
    if not quote.can_cancel:
        raise Conflict(f"cannot cancel: {quote.reason}")
    booking.status = "cancelled"
    booking.cancelled_at = to_naive_utc(ctx.now)
    booking.refund_method = method
    user = ctx.session.get(User, booking.user_id)
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
    ctx: Ctx, booking: Booking, leg: str | None, passenger_ids: list[int] | None
) -> list[Ticket]:
    """Check passengers in on one flight, 24 h to 1 h before departure; assigns free seats."""
    _require_active(booking, "check in")
    session = ctx.session
    legs = dict(booking_flights(session, booking))
    if leg is None:
        leg = next((name for name, f in legs.items() if not has_departed(ctx, f)), "outbound")
    if leg not in legs:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    flight = legs[leg]
    label = flight_label(session, flight)
    _check_in_open(ctx, flight, label)
    tickets = [t for t in tickets_of(session, booking) if t.leg == leg]
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
    if flight.status == "cancelled":
        raise Conflict(
            f"{label} is cancelled; change the booking to another flight or cancel it for a "
            "full refund"
        )
    if has_departed(ctx, flight):
        raise Conflict(f"{label} has already departed; check-in is closed")
    departure = departure_of(flight)
    opens = departure - policy.CHECK_IN_OPENS
    closes = departure - policy.CHECK_IN_CLOSES
    now = to_naive_utc(ctx.now)
    if now < opens:
        raise Conflict(
            f"check-in for {label} is not open yet: it opens at {opens.isoformat()}Z "
            "(24 hours before departure)"
        )
    if now >= closes:
        raise Conflict(
            f"check-in for {label} closed at {closes.isoformat()}Z (1 hour before departure)"
        )


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
            raise Conflict(
                f"{p.first_name} {p.last_name} (passenger {p.id}) needs a passport number for "
                f"the international flight {label}; add it with PATCH "
                f"/api/bookings/{booking.reference}/passengers/{p.id}"
            )


# --- baggage ---------------------------------------------------------------------------------


def add_bag(ctx: Ctx, booking: Booking, passenger_id: int, weight_kg: float) -> Bag:
    _require_active(booking, "add bags")
    session = ctx.session
    passenger = session.get(Passenger, passenger_id)
    if passenger is None or passenger.booking_id != booking.id:
        raise NotFound(f"passenger {passenger_id} is not on booking {booking.reference}")
    legs = booking_flights(session, booking)
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
    bag = Bag(
        booking_id=booking.id,
        passenger_id=passenger_id,
        weight_kg=weight_kg,
        fee_cents=fee,
        overweight=overweight,
        created_at=to_naive_utc(ctx.now),
    )
    session.add(bag)
    add_charge(
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
    _require_active(booking, "remove bags")
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
    add_charge(ctx, booking, "bag", -bag.fee_cents, f"checked bag {bag.id} removed")
    session.delete(bag)


def _mail_confirmation(ctx: Ctx, booking: Booking) -> None:
    """Mail the booking's owner its confirmation once committed (when the seed wires mail)."""
    if ctx.runtime.notifications is None:
        return
    session = ctx.session
    user = session.get(User, booking.user_id)
    assert user is not None
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
    mail = MailDelivery(
        sender=mailer.sender(ctx),
        sender_name=mailer.AIRLINE_NAME,
        to=[user.email],
        subject=f"Booking confirmed: {booking.reference}",
        body=f"Dear {user.display_name},\n\nYour booking {booking.reference} is confirmed.\n"
        + "\n".join(lines)
        + f"\nPassengers: {names}\nCabin: {booking.cabin}\nTotal paid: "
        f"{money_text(booking.total_price_cents)} ({paid_with})\n\n{mailer.AIRLINE_NAME}",
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))
