"""Booking rules (the bookings area): booking, seats and passengers, with the booking's charges
ledger and its confirmation mail; changes and cancellation are in ``changes``, check-in and
baggage in ``checkin``.

Every function that reads the clock, the caller or changes rows takes the request's ``Ctx``;
pure look-ups take a session. Failures are ``ApiError``s in plain words."""

from __future__ import annotations

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


def _field(*loc: str | int, message: str) -> list[dict[str, Any]]:
    """A refusal's ``details`` naming the body field it is about (a form shows it there)."""
    return [{"loc": ["body", *loc], "message": message, "type": "value_error"}]


def card_expired(ctx: Ctx, expiry: str) -> bool:
    """Whether a card of ``expiry`` ("MM/YY") has expired: after the end of its month."""
    month, year = (int(p) for p in expiry.split("/"))
    return (2000 + year, month) < (ctx.now.year, ctx.now.month)


def _check_card_expiry(ctx: Ctx, expiry: str, what: str, *field: str) -> None:
    if card_expired(ctx, expiry):
        message = f"{what} expired at the end of {expiry}; use another card"
        raise ValidationFailed(message, details=_field(*field, message=message))


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
        problem = None
        if back.origin_id != outbound.destination_id or back.destination_id != outbound.origin_id:
            problem = (
                f"the return flight {flight_label(session, back)} must fly back from "
                f"{airport(session, outbound.destination_id).code} to "
                f"{airport(session, outbound.origin_id).code}"
            )
        elif departure_of(back) <= arrival_of(outbound):
            problem = (
                f"the return flight {flight_label(session, back)} departs before the outbound "
                "flight arrives"
            )
        if problem is not None:
            raise ValidationFailed(problem, details=_field("return_flight_id", message=problem))
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
        born = None
        if p.date_of_birth >= today:
            born = "must be in the past"
        elif p.date_of_birth.year < today.year - 120:
            born = f"{p.date_of_birth.isoformat()} is not plausible"
        if born is not None:
            raise ValidationFailed(
                f"passengers[{i}] ({p.first_name} {p.last_name}): date_of_birth {born}",
                details=_field("passengers", i, "date_of_birth", message=born),
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
        _check_card_expiry(
            ctx, pm.expiry, f"the saved card ending in {pm.last4}", "payment_method_id"
        )
        return card_summary(pm), pm.id
    card = body.card
    assert card is not None  # BookingCreate requires exactly one of the two
    _check_card_expiry(ctx, card.expiry, f"the card ending in {card.last4}", "card", "expiry")
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


def ticket_of(session: Session, booking: Booking, passenger_id: int, leg: str) -> Ticket:
    passenger = session.get(Passenger, passenger_id)
    if passenger is None or passenger.booking_id != booking.id:
        raise NotFound(f"passenger {passenger_id} is not on booking {booking.reference}")
    ticket = session.scalar(
        select(Ticket).where(Ticket.passenger_id == passenger_id, Ticket.leg == leg)
    )
    if ticket is None:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    return ticket


def require_active(booking: Booking, action: str) -> None:
    if booking.status == "cancelled":
        raise Conflict(f"booking {booking.reference} is cancelled; cannot {action}")


def seat_choice_closed(ctx: Ctx, flight: Flight, label: str) -> str | None:
    """Why no seat can be chosen on ``flight`` (cancelled, departed), or None: the rule
    ``select_seat`` refuses by, and the booking page offers no seat map by."""
    if flight.status == "cancelled":
        return f"{label} is cancelled; change the booking to another flight first"
    if has_departed(ctx, flight):
        return f"{label} has already departed; seats can no longer be chosen"
    return None


def seat_asked(
    ctx: Ctx, booking: Booking, passenger_id: int, number: str, leg: str
) -> tuple[Passenger, Seat, Flight]:
    """Who asks for which seat on which flight, read before it is taken (a page shows its fee
    and asks first); ``select_seat`` checks the rest when it is taken."""
    session = ctx.session
    ticket = ticket_of(session, booking, passenger_id, leg)
    flight = get_flight(session, ticket.flight_id)
    number = number.upper()
    seat = session.scalar(select(Seat).where(Seat.flight_id == flight.id, Seat.number == number))
    if seat is None:
        raise ValidationFailed(f"seat {number} does not exist on {flight_label(session, flight)}")
    passenger = session.get(Passenger, passenger_id)
    assert passenger is not None
    return passenger, seat, flight


def select_seat(ctx: Ctx, booking: Booking, passenger_id: int, number: str, leg: str) -> Ticket:
    """Give a passenger a free seat in the booked cabin; the seat fee is charged."""
    require_active(booking, "choose seats")
    session = ctx.session
    ticket = ticket_of(session, booking, passenger_id, leg)
    flight = get_flight(session, ticket.flight_id)
    label = flight_label(session, flight)
    if (closed := seat_choice_closed(ctx, flight, label)) is not None:
        raise Conflict(closed)
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
    require_active(booking, "update passengers")
    passenger = ctx.session.get(Passenger, passenger_id)
    if passenger is None or passenger.booking_id != booking.id:
        raise NotFound(f"passenger {passenger_id} is not on booking {booking.reference}")
    passenger.passport_number = passport_number.upper() if passport_number else None
    return passenger


def itinerary(session: Session, booking: Booking) -> str:
    """The booking's flights and passengers, as its mails list them."""
    lines = [
        f"{leg.title()}: {flight_label(session, f)}, departs "
        f"{local_iso(f.scheduled_departure, airport(session, f.origin_id).timezone)}"
        for leg, f in booking_flights(session, booking)
    ]
    names = ", ".join(f"{p.first_name} {p.last_name}" for p in passengers_of(session, booking))
    return "\n".join([*lines, f"Passengers: {names}"])


def _mail_confirmation(ctx: Ctx, booking: Booking) -> None:
    """Mail the booking's owner its confirmation once committed (when the seed wires mail)."""
    if ctx.runtime.notifications is None:
        return
    session = ctx.session
    user = session.get(User, booking.user_id)
    assert user is not None
    credit = booking.travel_credit_used_cents
    paid_with = booking.card_summary
    if credit:
        paid_with += f", {money_text(credit)} of it with travel credit"
    text = (
        f"Your booking {booking.reference} is confirmed.\n{itinerary(session, booking)}\n"
        f"Cabin: {booking.cabin}\nTotal paid: {money_text(booking.total_price_cents)} "
        f"({paid_with})"
    )
    subject = f"Booking confirmed: {booking.reference}"
    mailer.send_after_commit(ctx, [mailer.letter(ctx, user, subject, text)])
