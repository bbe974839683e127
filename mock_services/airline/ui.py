"""The airline's web pages: search and book, my bookings, booking detail with seat map,
check-in, bags and cancellation, and the announcements board."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from pydantic import ValidationError
from sqlalchemy import select

from mock_services.airline import api as views
from mock_services.airline import logic
from mock_services.airline.models import Airport, Announcement, Booking, PaymentMethod
from mock_services.airline.schemas import BookingCreate, PassengerIn
from mock_services.core.api import Ctx
from mock_services.core.clock import to_naive_utc
from mock_services.core.errors import ApiError, ValidationFailed
from mock_services.core.ui import page, render

ui = Blueprint("airline_ui", __name__, template_folder="templates")


def _invalid(exc: ValidationError) -> ValidationFailed:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "form"
    return ValidationFailed(f"{where}: {first['msg']}")


def _int(value: str | None, name: str) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise ValidationFailed(f"{name} must be a whole number") from None


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
            hits = logic.search(
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


@page(ui, "/flights/<int:flight_id>/book", methods=("GET", "POST"))
def book_page(ctx: Ctx, flight_id: int) -> Any:
    flight = logic.get_flight(ctx.session, flight_id)
    cabin = request.values.get("cabin", "economy")
    count = max(1, min(9, _int(request.values.get("passengers", "1"), "passengers")))
    if request.method == "POST":
        passengers = []
        for i in range(count):
            passengers.append(
                {
                    "first_name": request.form.get(f"first_name_{i}", "").strip(),
                    "last_name": request.form.get(f"last_name_{i}", "").strip(),
                    "date_of_birth": request.form.get(f"date_of_birth_{i}", ""),
                    "passport_number": request.form.get(f"passport_{i}", "").strip().upper()
                    or None,
                }
            )
        payment = request.form.get("payment_method_id", "")
        try:
            body = BookingCreate(
                flight_id=flight.id,
                cabin=cabin,
                passengers=[PassengerIn(**p) for p in passengers],
                payment_method_id=int(payment) if payment.isdigit() else None,
                card=None
                if payment.isdigit()
                else {
                    "brand": request.form.get("card_brand", "visa"),
                    "last4": request.form.get("card_last4", ""),
                    "expiry": request.form.get("card_expiry", ""),
                },
                use_travel_credit=request.form.get("use_travel_credit") == "on",
            )
        except ValidationError as exc:
            raise _invalid(exc) from None
        booking = logic.create_booking(ctx, body)
        flash(f"Booking {booking.reference} confirmed.", "ok")
        return redirect(url_for("airline_ui.booking_page", reference=booking.reference), 303)
    cards = ctx.session.scalars(
        select(PaymentMethod).where(PaymentMethod.user_id == ctx.user_id).order_by(PaymentMethod.id)
    ).all()
    fare = logic.get_cabin(ctx.session, flight, cabin)
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
    bookings = ctx.session.scalars(
        select(Booking).where(Booking.user_id == ctx.user_id).order_by(Booking.id.desc())
    ).all()
    return render(
        "airline/bookings.html",
        ctx,
        bookings=[views.booking_out(ctx, b) for b in bookings],
    )


@page(ui, "/bookings/<reference>")
def booking_page(ctx: Ctx, reference: str) -> str:
    booking = logic.get_booking(ctx, reference)
    seat_maps = []
    mine = {t.seat_id for t in logic.tickets_of(ctx.session, booking) if t.seat_id is not None}
    for leg, flight in logic.booking_flights(ctx.session, booking):
        rows: dict[int, list[Any]] = {}
        for seat, taken in logic.seat_map(ctx.session, flight, booking.cabin):
            rows.setdefault(seat.row, []).append((seat, taken))
        seat_maps.append((leg, flight, rows))
    quote = logic.cancellation_quote(ctx, booking)
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


@page(ui, "/bookings/<reference>/seat", methods=("POST",))
def seat_action(ctx: Ctx, reference: str) -> Any:
    booking = logic.get_booking(ctx, reference)
    seat = request.form.get("seat", "")
    leg = request.form.get("leg", "outbound")
    if leg not in ("outbound", "return"):
        raise ValidationFailed("leg must be 'outbound' or 'return'")
    passenger_id = _int(request.form.get("passenger_id"), "passenger")
    logic.select_seat(ctx, booking, passenger_id, seat, leg)
    return _back(booking.reference, f"Seat {seat.upper()} selected.")


@page(ui, "/bookings/<reference>/check-in", methods=("POST",))
def check_in_action(ctx: Ctx, reference: str) -> Any:
    booking = logic.get_booking(ctx, reference)
    leg = request.form.get("leg") or None
    if leg not in (None, "outbound", "return"):
        raise ValidationFailed("leg must be 'outbound' or 'return'")
    tickets = logic.check_in(ctx, booking, leg, None)
    return _back(booking.reference, f"Checked in {len(tickets)} passenger(s).")


@page(ui, "/bookings/<reference>/cancel", methods=("POST",))
def cancel_action(ctx: Ctx, reference: str) -> Any:
    booking = logic.get_booking(ctx, reference)
    method = request.form.get("refund_method", "original_payment")
    if method not in ("original_payment", "travel_credit"):
        raise ValidationFailed("refund_method must be 'original_payment' or 'travel_credit'")
    logic.cancel_booking(ctx, booking, method)
    return _back(
        booking.reference,
        f"Booking cancelled; {logic.money_text(booking.refund_amount_cents or 0)} refunded.",
    )


@page(ui, "/bookings/<reference>/bags", methods=("POST",))
def bag_action(ctx: Ctx, reference: str) -> Any:
    booking = logic.get_booking(ctx, reference)
    try:
        weight = float(request.form.get("weight_kg", ""))
    except ValueError:
        raise ValidationFailed("weight_kg must be a number of kilograms") from None
    if weight <= 0:
        raise ValidationFailed("weight_kg must be greater than 0")
    passenger_id = _int(request.form.get("passenger_id"), "passenger")
    bag = logic.add_bag(ctx, booking, passenger_id, weight)
    return _back(booking.reference, f"Bag added ({logic.money_text(bag.fee_cents)}).")


@page(ui, "/bookings/<reference>/passport", methods=("POST",))
def passport_action(ctx: Ctx, reference: str) -> Any:
    booking = logic.get_booking(ctx, reference)
    number = request.form.get("passport_number", "").strip().upper()
    if not (5 <= len(number) <= 20 and number.isalnum()):
        raise ValidationFailed("passport_number must be 5 to 20 letters and digits")
    passenger_id = _int(request.form.get("passenger_id"), "passenger")
    logic.update_passenger(ctx, booking, passenger_id, number)
    return _back(booking.reference, "Passport number saved.")


@page(ui, "/announcements", login_required=False)
def announcements_page(ctx: Ctx) -> str:
    rows = ctx.session.scalars(select(Announcement).order_by(Announcement.id.desc())).all()
    return render(
        "airline/announcements.html",
        ctx,
        announcements=[views.announcement_out(ctx.session, a) for a in rows],
    )
