"""Changing a booking's flights and cancelling it (the bookings area's ``/change`` and
``/cancel``): fare differences, change fees, refunds to card or travel credit."""

from __future__ import annotations

from dataclasses import dataclass

from mock_services.airline import bookings, mailer, policy
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
    Booking,
    Flight,
    FlightCabin,
    Seat,
    Ticket,
    User,
)
from mock_services.airline.money import money_text
from mock_services.airline.seats import seats_available
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, ValidationFailed
from mock_services.core.spec.api import Ctx

# --- changes ---------------------------------------------------------------------------------


@dataclass
class ChangeQuote:
    """What moving one leg of a booking to ``new`` costs, by the fare rules, before anything is
    charged: what the change charges (``change_flight``) and what the web UI's review step
    shows are this one computation. Amounts in cents, for all the leg's passengers."""

    leg: str
    old: Flight
    new: Flight
    tickets: list[Ticket]
    fare_difference: int
    """positive: charged; negative: credited"""
    change_fee: int
    refundable: bool
    airline_cancelled: bool
    seat_fees_released: int
    """the fees of the seats chosen on the old flight, credited back when they are released"""

    @property
    def passengers(self) -> int:
        return len(self.tickets)

    @property
    def amount_charged(self) -> int:
        return max(self.fare_difference, 0) + self.change_fee

    @property
    def amount_credited(self) -> int:
        return max(-self.fare_difference, 0)


@dataclass
class ChangeResult:
    booking: Booking
    fare_difference: int
    change_fee: int
    amount_charged: int
    amount_credited: int


def change_quote(ctx: Ctx, booking: Booking, new_flight_id: int, leg: str) -> ChangeQuote:
    """Price a change of ``leg`` to flight ``new_flight_id``, refusing one the rules refuse
    (same route and cabin, not departed, not checked in, seats for everyone): the fare
    difference x passengers, and a change fee per passenger unless the fare is refundable or the
    airline cancelled the old flight (then the change is free: no fee, no fare difference)."""
    bookings.require_active(booking, "change flights")
    session = ctx.session
    legs = dict(bookings.booking_flights(session, booking))
    if leg not in legs:
        raise ValidationFailed(f"booking {booking.reference} has no {leg} flight")
    old = legs[leg]
    new = get_flight(session, new_flight_id)
    tickets = [t for t in bookings.tickets_of(session, booking) if t.leg == leg]
    new_cabin = _check_change(ctx, booking, legs, leg, new, tickets)
    pax = len(tickets)
    old_cabin = get_cabin(session, old, booking.cabin)
    airline_cancelled = old.status == "cancelled"
    difference = 0 if airline_cancelled else (new_cabin.price_cents - old_cabin.price_cents) * pax
    free = old_cabin.refundable or airline_cancelled
    return ChangeQuote(
        leg=leg,
        old=old,
        new=new,
        tickets=tickets,
        fare_difference=difference,
        change_fee=0 if free else policy.CHANGE_FEE_CENTS * pax,
        refundable=old_cabin.refundable,
        airline_cancelled=airline_cancelled,
        seat_fees_released=sum(t.seat_fee_cents for t in tickets),
    )


def change_flight(ctx: Ctx, booking: Booking, new_flight_id: int, leg: str) -> ChangeResult:
    """Move one leg of a booking to another flight on the same route, same cabin, at the price
    :func:`change_quote` gives."""
    quote = change_quote(ctx, booking, new_flight_id, leg)
    session = ctx.session
    old, new, pax = quote.old, quote.new, quote.passengers
    for t in quote.tickets:
        if t.seat_fee_cents:
            seat = session.get(Seat, t.seat_id) if t.seat_id else None
            bookings.add_charge(
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
    bookings.add_charge(
        ctx,
        booking,
        "fare_difference",
        quote.fare_difference,
        f"fare difference {old.number} -> {new_desc} x{pax}",
    )
    bookings.add_charge(
        ctx,
        booking,
        "change_fee",
        quote.change_fee,
        f"change fee x{pax} ({old.number} -> {new_desc})",
    )
    if leg == "outbound":
        booking.outbound_flight_id = new.id
    else:
        booking.return_flight_id = new.id
    booking.status = "changed"
    booking.changed_at = to_naive_utc(ctx.now)
    return ChangeResult(
        booking,
        quote.fare_difference,
        quote.change_fee,
        quote.amount_charged,
        quote.amount_credited,
    )


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
    legs = bookings.booking_flights(session, booking)
    refundable = bookings.is_refundable(session, booking)
    airline_cancelled = any(f.status == "cancelled" for _, f in legs)
    total = max(booking.total_price_cents, 0)
    pax = len(bookings.passengers_of(session, booking))
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
    _mail_cancellation(ctx, booking, user, quote)
    return booking


def _mail_cancellation(ctx: Ctx, booking: Booking, user: User, quote: Quote) -> None:
    """Mail the booking's owner what was cancelled and where its money went, as its
    confirmation was mailed (when the seed wires mail)."""
    if ctx.runtime.notifications is None:
        return
    refund = money_text(booking.refund_amount_cents or 0)
    if booking.refund_method == "travel_credit":
        money = f"Refund: {refund} as travel credit, for your next booking"
    else:
        money = f"Refund: {refund} to {booking.card_summary}"
        if quote.credit_back:
            money += f", and {money_text(quote.credit_back)} back to your travel credit"
    if booking.cancellation_fee_cents:
        money += f"\nCancellation fee: {money_text(booking.cancellation_fee_cents)}"
    text = (
        f"Your booking {booking.reference} is cancelled.\n"
        f"{bookings.itinerary(ctx.session, booking)}\n{money}\n\n"
        f"{mailer.manage(ctx, booking.reference)}"
    )
    subject = f"Booking cancelled: {booking.reference}"
    mailer.send_after_commit(ctx, [mailer.letter(ctx, user, subject, text)])
