"""The airline's web pages: search and book, my bookings, booking detail with seat map,
check-in, bags and cancellation, and the announcements board."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from sqlalchemy import select

from mock_services.airline import api as views
from mock_services.airline import bookings, changes, checkin, flights, money
from mock_services.airline.models import Airport, Announcement, Booking, PaymentMethod
from mock_services.airline.schemas import (
    BagCreate,
    BookingCreate,
    CancelRequest,
    CheckInRequest,
    PassengerUpdate,
    SeatSelect,
)
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import ApiError
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import FormInvalid, read_form
from mock_services.core.web.ui import page, render

ui = Blueprint("airline_ui", __name__, template_folder="templates")


_PASSENGER_FIELDS = {
    "first_name": "first_name_{}",
    "last_name": "last_name_{}",
    "date_of_birth": "date_of_birth_{}",
    "passport_number": "passport_{}",
}
"""The booking form's field of each passenger's value (numbered from 0)."""
_CARD_FIELDS = {
    "card.brand": "card_brand",
    "card.last4": "card_last4",
    "card.expiry": "card_expiry",
}


def _int(value: str | None, name: str) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise FormInvalid.field(name, "expected a whole number") from None


def _booking_form(flight_id: int, cabin: str, count: int) -> BookingCreate:
    """The booking form (``count`` passengers, a saved card or another one) read by the API's
    ``BookingCreate``; a refused value is shown next to its numbered field."""
    form = request.form
    passengers = [
        {
            name: form.get(field.format(i), "").strip() or None
            for name, field in _PASSENGER_FIELDS.items()
        }
        for i in range(count)
    ]
    payment = form.get("payment_method_id", "")
    card = {
        "brand": form.get("card_brand", "visa"),
        "last4": form.get("card_last4", ""),
        "expiry": form.get("card_expiry", ""),
    }
    fields = {
        f"passengers.{i}.{name}": field.format(i)
        for i in range(count)
        for name, field in _PASSENGER_FIELDS.items()
    }
    given = {
        "flight_id": flight_id,
        "cabin": cabin,
        "passengers": [{k: v for k, v in p.items() if v is not None} for p in passengers],
        "payment_method_id": int(payment) if payment.isdigit() else None,
        "card": None if payment.isdigit() else card,
    }
    return read_form(
        BookingCreate,
        checkboxes=("use_travel_credit",),
        given=given,
        fields=fields | _CARD_FIELDS,
    )


@page(ui, "/", login_required=False)
def search_page(ctx: Ctx) -> str:
    airports = ctx.session.scalars(select(Airport).order_by(Airport.city)).all()
    args = request.args
    form = {
        "origin": args.get("origin", ""),
        "destination": args.get("destination", ""),
        "date": args.get("date", to_naive_utc(ctx.now).date().isoformat()),
        "cabin": args.get("cabin", "economy"),
        "passengers": args.get("passengers", "1"),
        "sort": args.get("sort", "price"),
    }
    results, error = None, None
    if form["origin"] and form["destination"]:
        try:
            hits = flights.search(
                ctx,
                origin=form["origin"],
                destination=form["destination"],
                day=date.fromisoformat(form["date"]),
                cabin=form["cabin"],
                passengers=max(1, min(9, _int(form["passengers"], "passengers"))),
                sort=form["sort"]
                if form["sort"] in ("price", "departure", "duration")
                else "price",
            )
            summaries = views.flight_summaries(ctx.db, [h.flight.id for h in hits])
            results = [(h, summaries[h.flight.id]) for h in hits]
        except ApiError as exc:
            error = exc.message
        except ValueError:
            error = "the date must look like 2026-03-05"
    return render(
        "airline/search.html", ctx, airports=airports, form=form, results=results, error=error
    )


@page(ui, "/flights/<int:flight_id>/book", methods=("GET", "POST"), operation="create_booking")
def book_page(ctx: Ctx, flight_id: int) -> Any:
    flight = flights.get_flight(ctx.session, flight_id)
    cabin = request.values.get("cabin", "economy")
    count = max(1, min(9, _int(request.values.get("passengers", "1"), "passengers")))
    if request.method == "POST":
        booking = bookings.create_booking(ctx, _booking_form(flight.id, cabin, count))
        flash(f"Booking {booking.reference} confirmed.", "ok")
        return redirect(url_for("airline_ui.booking_page", reference=booking.reference), 303)
    cards = ctx.session.scalars(
        select(PaymentMethod).where(PaymentMethod.user_id == ctx.user_id).order_by(PaymentMethod.id)
    ).all()
    fare = flights.get_cabin(ctx.session, flight, cabin)
    return render(
        "airline/book.html",
        ctx,
        flight=views.flight_summaries(ctx.db, [flight.id])[flight.id],
        fare=fare,
        cabin=cabin,
        count=count,
        cards=cards,
        travel_credit=views.money(ctx.user.travel_credit_cents),
        total=views.money(fare.price_cents * count),
    )


@page(ui, "/bookings")
def bookings_page(ctx: Ctx) -> str:
    own = ctx.session.scalars(
        select(Booking).where(Booking.user_id == ctx.user_id).order_by(Booking.id.desc())
    ).all()
    return render(
        "airline/bookings.html",
        ctx,
        bookings=[views.booking_out(ctx, b) for b in own],
    )


@page(ui, "/bookings/<reference>")
def booking_page(ctx: Ctx, reference: str) -> str:
    booking = bookings.get_booking(ctx, reference)
    seat_maps = []
    mine = {t.seat_id for t in bookings.tickets_of(ctx.session, booking) if t.seat_id is not None}
    for leg, flight in bookings.booking_flights(ctx.session, booking):
        rows: dict[int, list[Any]] = {}
        for seat, taken in flights.seat_map(ctx.session, flight, booking.cabin):
            rows.setdefault(seat.row, []).append((seat, taken))
        seat_maps.append((leg, flight, rows))
    quote = changes.cancellation_quote(ctx, booking)
    out = views.booking_out(ctx, booking)
    return render(
        "airline/booking.html",
        ctx,
        booking=out,
        seat_maps=seat_maps,
        mine=mine,
        quote=quote,
        money=views.money,
    )


def _back(reference: str, message: str) -> Any:
    flash(message, "ok")
    return redirect(url_for("airline_ui.booking_page", reference=reference), 303)


@page(ui, "/bookings/<reference>/seat", methods=("POST",), operation="select_seat")
def seat_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    body = read_form(SeatSelect)
    bookings.select_seat(ctx, booking, body.passenger_id, body.seat, body.leg)
    return _back(booking.reference, f"Seat {body.seat.upper()} selected.")


@page(ui, "/bookings/<reference>/check-in", methods=("POST",), operation="check_in")
def check_in_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    body = read_form(CheckInRequest)
    tickets = checkin.check_in(ctx, booking, body.leg, body.passenger_ids)
    return _back(booking.reference, f"Checked in {len(tickets)} passenger(s).")


@page(ui, "/bookings/<reference>/cancel", methods=("POST",), operation="cancel_booking")
def cancel_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    changes.cancel_booking(ctx, booking, read_form(CancelRequest).refund_method)
    return _back(
        booking.reference,
        f"Booking cancelled; {money.money_text(booking.refund_amount_cents or 0)} refunded.",
    )


@page(ui, "/bookings/<reference>/bags", methods=("POST",), operation="add_bag")
def bag_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    body = read_form(BagCreate)
    bag = checkin.add_bag(ctx, booking, body.passenger_id, body.weight_kg)
    return _back(booking.reference, f"Bag added ({money.money_text(bag.fee_cents)}).")


@page(ui, "/bookings/<reference>/passport", methods=("POST",), operation="update_passenger")
def passport_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    number = read_form(PassengerUpdate).passport_number
    passenger_id = _int(request.form.get("passenger_id"), "passenger_id")
    bookings.update_passenger(ctx, booking, passenger_id, number)
    return _back(booking.reference, "Passport number saved.")


@page(ui, "/announcements", login_required=False)
def announcements_page(ctx: Ctx) -> str:
    rows = ctx.session.scalars(select(Announcement).order_by(Announcement.id.desc())).all()
    return render(
        "airline/announcements.html",
        ctx,
        announcements=[views.announcement_out(ctx.session, a) for a in rows],
    )
