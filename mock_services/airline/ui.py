"""The airline's web pages: search and book, flight status (departures, one flight with its
fares and seat map), airports, my account, my bookings, booking detail with seat map, flight
change, check-in and boarding passes, bags and cancellation, and the announcements board."""

from __future__ import annotations

import hashlib
import re
from datetime import date
from html import escape
from typing import Any, NamedTuple, TypeVar

from flask import Blueprint, flash, redirect, request, url_for
from markupsafe import Markup
from markupsafe import escape as escape_html
from pydantic import BaseModel, ValidationError
from sqlalchemy import select

from mock_services.airline import api as views
from mock_services.airline import bookings, changes, checkin, flights, money, operations, policy
from mock_services.airline.models import (
    Airport,
    Booking,
    Flight,
    Passenger,
    PaymentMethod,
    Seat,
)
from mock_services.airline.schemas import (
    AirportQuery,
    AnnouncementQuery,
    BagCreate,
    BookingCreate,
    BookingQuery,
    CancelRequest,
    ChangeRequest,
    CheckInRequest,
    FlightQuery,
    PassengerUpdate,
    SeatMapQuery,
    SeatSelect,
)
from mock_services.core.base.clock import local_moment, parse_absolute, to_naive_utc, zone
from mock_services.core.base.errors import ApiError, Conflict, ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import (
    FORM_STATE_KEY,
    FieldGroup,
    FormInvalid,
    form_value,
    plain_message,
    read_form,
    refused_by_service,
)
from mock_services.core.web.ui import listed, page, price, render
from mock_services.core.web.wording import counted, day_words, for_people

ui = Blueprint("airline_ui", __name__, template_folder="templates")
QueryT = TypeVar("QueryT", bound=BaseModel)
CABINS = ("economy", "premium_economy", "business")
STATUSES = ("scheduled", "delayed", "cancelled", "boarding", "departed", "landed")
KINDS = ("delay", "cancellation", "gate_change", "status", "info")
FARE_RULES = {
    cabin: {
        "first_bag": policy.BAG_FEES_CENTS[cabin][0] / 100,
        "further_bag": policy.BAG_FEES_CENTS[cabin][1] / 100,
        "change_fee": policy.CHANGE_FEE_CENTS / 100,
        "cancel_fee": policy.CANCELLATION_FEE_CENTS / 100,
        "bag_kg": policy.BAG_WEIGHT_LIMIT_KG,
    }
    for cabin in CABINS
}
"""What each fare column of the search says it includes: the service's own bag fees by cabin and
its change and cancellation fees (waived on a refundable fare), nothing it does not enforce."""


@ui.app_template_filter("airport_time")
def airport_time(moment: str | None, timezone: str, city: str | None = None) -> str:
    """``Mon 2 Mar 19:50 CET``: a flight's time (ISO 8601) at its airport, the zone named, as
    the flight pages give it ("local"), not in the task's zone; with ``city``, the zone said
    in words as the airline's flight status page does (``Tue 3 Mar 13:20 Lyon time``)."""
    if not moment:
        return "-"
    local = local_moment(parse_absolute(moment), zone(timezone))
    name = local.tzname() or ""
    if name[:1] in "+-":  # a zone without an abbreviation ("+08")
        name = f"UTC{name}"
    return f"{local:%a} {local.day} {local:%b %H:%M} " + (f"{city} time" if city else name)


TAKEN_SAID = ' <span class="sr-only">taken</span>'


@ui.app_template_global()
def flight_seat_cells(seats: list[Any]) -> Markup:
    """A row of a flight page's seat map, each seat's cell: free or taken (struck through and
    said), its position, extra legroom and fee in its title. Drawn here, as the row's cells
    repeat per seat; the table around them is the template's."""
    cells = []
    for s in seats:
        state = "taken" if s.occupied else "free"
        legroom = ", extra legroom" if s.extra_legroom else ""
        cells.append(
            f'<td class="{state}" title="{escape_html(s.position)}{legroom}, '
            f'{escape_html(price(s.fee))}, {state}">{escape_html(s.number)}'
            f"{'+' if s.extra_legroom else ''}"
            f"{TAKEN_SAID if s.occupied else ''}</td>"
        )
    return Markup("".join(cells))


SEAT_MARKS = {"mine": " ✓", "taken": " \u00d7", "legroom": "+"}
"""What a booking page's seat shows after its number besides its colour (the legend says);
"+" marks extra legroom as the flight page's map does."""


@ui.app_template_global()
def booking_seat_cells(
    seats: list[tuple[Any, bool]], mine: set[int], flight_number: str, review_url: str
) -> Markup:
    """A row of a booking page's seat map, each seat a button giving it to the passenger: this
    booking's, taken (disabled) or with extra legroom, its fee said; a paid seat goes to its
    review (``review_url``) first. Drawn here, as the row's buttons repeat per seat; the form
    and the table around them are the template's."""
    cells = []
    for seat, taken in seats:
        ours = seat.id in mine
        number = escape_html(seat.number)
        legroom = ", extra legroom" if seat.extra_legroom else ""
        kind = "mine" if ours else "taken" if taken else "legroom" if seat.extra_legroom else ""
        whose = ", this booking's" if ours else ", taken" if taken else ""
        mark = SEAT_MARKS.get(kind, "")  # the state in text too, not by colour alone
        fee = escape_html(price(seat.fee_cents / 100))
        flight = escape_html(flight_number)
        position = escape_html(seat.position)
        action = (
            "disabled"
            if taken
            else f'formaction="{escape_html(review_url)}" formmethod="get"'
            if seat.fee_cents and not ours
            else ""
        )
        cells.append(
            f'\n        <td><button type="submit" name="seat" value="{number}" data-seat="{number}"'
            f'\n             class="{kind}"'
            f'\n             title="{position}{legroom}, {fee}"'
            f'\n             aria-label="{number} on {flight}: {position}{legroom}{whose}, {fee}"'
            f"\n             {action}>{number}{mark}</button></td>\n      "
        )
    return Markup("".join(cells))


@ui.app_template_filter("booking_state")
def booking_state(booking: Any) -> str:
    """A booking's status as every page says it: "action needed" while one of its flights is
    cancelled and the booking is not (the airlines' trip lists and pages lead with it), else
    its own status; the bookings list and the booking's page share it."""
    flights_cancelled = any(leg.flight.status == "cancelled" for leg in booking.flights)
    return (
        "action needed" if booking.status != "cancelled" and flights_cancelled else booking.status
    )


@ui.app_template_filter("birth_day")
def birth_day(born: date | str) -> str:
    """``12 Apr 1986``: a date of birth as a travel document writes it, with its year and no
    weekday (the ``day`` filter's "Sat 12 Apr 1986" is for days a trip happens on)."""
    day = born if isinstance(born, date) else date.fromisoformat(born[:10])
    return f"{day.day} {day:%b %Y}"


@ui.app_template_filter("airline_pass_code")
def pass_code(barcode: str) -> Markup:
    """A boarding pass's barcode drawn as a square 2D code (SVG): 21 x 21 modules from the
    code's digest with the three finder squares, the same drawing for the same code."""
    bits = "".join(f"{byte:08b}" for byte in hashlib.sha256(barcode.encode()).digest() * 2)
    cells = []
    for row in range(21):
        for col in range(21):
            corner = (row < 7 or row > 13) and (col < 7 or col > 13) and not (row > 13 and col > 13)
            if corner:
                r, c = row % 14 if row < 7 else row - 14, col if col < 7 else col - 14
                dark = r in (0, 6) or c in (0, 6) or (2 <= r <= 4 and 2 <= c <= 4)
            else:
                dark = bits[row * 21 + col] == "1"
            if dark:
                cells.append(f'<rect x="{col}" y="{row}" width="1" height="1"/>')
    return Markup(
        '<svg class="code" viewBox="-1 -1 23 23" role="img" '
        f'aria-label="Barcode {escape(barcode)}"><rect x="-1" y="-1" width="23" height="23" '
        f'fill="#fff"/><g fill="#05164d">{"".join(cells)}</g></svg>'
    )


def _filters(model: type[QueryT], **absent: str) -> tuple[QueryT, str | None]:
    """A list page's filters read by the API's own query model: the non-blank query values
    (``absent`` gives the ones a first visit starts with), or, when the model refuses one, no
    filter and the refusal in plain words."""
    raw = {k: v for k, v in absent.items() if k not in request.args}
    raw |= {k: v.strip() for k, v in request.args.items() if v.strip()}
    try:
        return model.model_validate(raw), None
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        return model.model_validate({}), f"{where}: {plain_message(first)}"


def _airports(ctx: Ctx) -> list[Airport]:
    return list(ctx.session.scalars(select(Airport).order_by(Airport.city)).all())


_PASSENGER_FIELDS = {
    "first_name": "first_name_{}",
    "last_name": "last_name_{}",
    "date_of_birth": "date_of_birth_{}",
    "passport_number": "passport_{}",
}
"""The booking form's field of each passenger's value (numbered from 0)."""
_NEW_CARD = FieldGroup(
    {"brand": "card_brand", "last4": "card_last4", "expiry": "card_expiry"},
    chosen_by=("payment_method_id", ("new", "")),
)
"""The card typed in, when "Another card…" is chosen instead of a saved one (or none is)."""


def _int(value: str | None, name: str) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise FormInvalid.field(name, "expected a whole number") from None


def _booking_form(flight_id: int, cabin: str, count: int) -> BookingCreate:
    """The booking form (``count`` passengers, a saved card or another one) read by the API's
    ``BookingCreate``; a refused value is shown next to its numbered field, in its passenger's
    fieldset (the summary names it by its label, "Passenger 2: Date of birth")."""
    passengers = FieldGroup(_PASSENGER_FIELDS, rows=range(count), every_row=True)
    return read_form(
        BookingCreate,
        checkboxes=("use_travel_credit",),
        given={"flight_id": flight_id, "cabin": cabin},
        groups={"passengers": passengers, "card": _NEW_CARD},
    )


def _booked(ctx: Ctx, body: BookingCreate) -> Booking:
    """The booking made, or the service's refusal of a field (a passenger's date of birth, an
    expired card, a return flight that does not fly back) shown next to that field of the
    form, in the page's words, with everything typed kept."""
    try:
        return bookings.create_booking(ctx, body)
    except ValidationFailed as exc:
        refused = refused_by_service(exc)
        if refused is None:
            raise
        raise refused from None


def _next_departure(ctx: Ctx) -> Flight | None:
    """The next flight still on sale: the route and day the search form starts from."""
    upcoming = ctx.session.scalars(
        select(Flight)
        .where(Flight.scheduled_departure >= to_naive_utc(ctx.now))
        .order_by(Flight.scheduled_departure, Flight.id)
    )
    return next((f for f in upcoming if flights.bookable_problem(ctx, f) is None), None)


@page(
    ui,
    "/",
    login_required=False,
    shows=(
        listed("search_flights", origin="<origin>", destination="<destination>", date="<date>"),
    ),
)
def search_page(ctx: Ctx) -> str:
    airports = _airports(ctx)
    args = request.args
    preset = _next_departure(ctx) if not (args.get("origin") or args.get("destination")) else None
    by_id = {a.id: a.code for a in airports}
    form = {
        "origin": args.get("origin", ""),
        "destination": args.get("destination", ""),
        "date": args.get("date", to_naive_utc(ctx.now).date().isoformat()),
        "preset_origin": by_id.get(preset.origin_id, "") if preset else "",
        "preset_destination": by_id.get(preset.destination_id, "") if preset else "",
        "cabin": args.get("cabin", "economy"),
        "passengers": args.get("passengers", "1"),
        "sort": args.get("sort", "price"),
    }
    if preset is not None and "date" not in args:
        form["date"] = preset.departure_date.isoformat()
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
            found = views.flights_out(ctx.db, [h.flight.id for h in hits])
            results = list(zip(hits, found, strict=True))
        except ApiError as exc:
            error = exc.message
        except ValueError:
            error = "the date must look like 2026-03-05"
    return render(
        "airline/search.html",
        ctx,
        airports=airports,
        form=form,
        results=results,
        error=error,
        cabins=CABINS,
        fare_rules=FARE_RULES,
    )


@page(ui, "/flights/<int:flight_id>/book", methods=("GET", "POST"), operation="create_booking")
def book_page(ctx: Ctx, flight_id: int) -> Any:
    flight = flights.get_flight(ctx.session, flight_id)
    cabin = request.values.get("cabin", "economy")
    count = max(1, min(9, _int(request.values.get("passengers", "1"), "passengers")))
    if request.method == "POST":
        booking = _booked(ctx, _booking_form(flight.id, cabin, count))
        flash(f"Booking {booking.reference} confirmed.", "ok")
        return redirect(url_for("airline_ui.booking_page", reference=booking.reference), 303)
    cards = ctx.session.scalars(
        select(PaymentMethod).where(PaymentMethod.user_id == ctx.user_id).order_by(PaymentMethod.id)
    ).all()
    fare = flights.get_cabin(ctx.session, flight, cabin)
    return render(
        "airline/book.html",
        ctx,
        returns=_return_flights(ctx, flight, cabin, count),
        flight=views.flight_summaries(ctx.db, [flight.id])[flight.id],
        fare=fare,
        cabin=cabin,
        count=count,
        cards=cards,
        expired={c.id for c in cards if bookings.card_expired(ctx, c.expiry)},
        travel_credit=views.money(ctx.user.travel_credit_cents),
        total=views.money(fare.price_cents * count),
        bag_fees=[fee / 100 for fee in policy.BAG_FEES_CENTS[cabin]],
        change_fee=policy.CHANGE_FEE_CENTS / 100,
        cancel_fee=policy.CANCELLATION_FEE_CENTS / 100,
    )


def _return_flights(ctx: Ctx, flight: Flight, cabin: str, count: int) -> list[Any]:
    """The flights back (destination to origin) after ``flight`` arrives, within two weeks,
    on sale with ``count`` seats in ``cabin``: the booking form's return choices, each with
    its fare (the booking itself checks them again, as the API's does)."""
    back = [
        f
        for f in flights.list_flights(
            ctx.session,
            origin=_code(ctx, flight.destination_id),
            destination=_code(ctx, flight.origin_id),
        )
        if flights.arrival_of(flight) < flights.departure_of(f)
        and (f.departure_date - flight.departure_date).days <= 14
        and flights.bookable_problem(ctx, f) is None
    ]
    offered = []
    for out in views.flights_out(ctx.db, [f.id for f in back]):
        fare = next((x for x in out.fares if x.cabin == cabin), None)
        if fare is not None and fare.seats_available >= count:
            offered.append((out, fare))
    return offered


@page(ui, "/bookings", shows=("list_bookings",))
def bookings_page(ctx: Ctx) -> str:
    query, error = _filters(BookingQuery)
    stmt = select(Booking).where(Booking.user_id == ctx.user_id)
    if query.status:
        stmt = stmt.where(Booking.status == query.status)
    own = ctx.session.scalars(stmt.order_by(Booking.id.desc())).all()
    return render(
        "airline/bookings.html",
        ctx,
        bookings=[views.booking_out(ctx, b) for b in own],
        status=query.status or "",
        statuses=("confirmed", "changed", "cancelled"),
        error=error,
    )


class LegClosed(NamedTuple):
    """Why a booked flight's seat map and check-in are not offered (None: they are)."""

    seats: str | None
    check_in: str | None


@page(
    ui,
    "/bookings/<reference>",
    shows=("get_booking", "cancellation_quote", "list_boarding_passes", "list_bags"),
)
def booking_page(ctx: Ctx, reference: str) -> str:
    return _booking_view(ctx, bookings.get_booking(ctx, reference))


class SeatFee(NamedTuple):
    """A paid seat a passenger asked for, not yet taken: what its dialog asks to pay."""

    leg: str
    passenger_id: int
    passenger: str
    seat: str
    flight: str
    fee: str
    charge: str  # what it does to the total, the released seat's credit named
    pays: str  # what the user pays now: the fee less a paid seat's credit ("" for nothing)


def _seat_net(ctx: Ctx, booking: Booking, passenger_id: int, leg: str, seat: Seat) -> int:
    """What taking ``seat`` adds to the booking's total, in cents: its fee less the fee of a
    paid seat held until now, which is credited back (negative when that one cost more)."""
    held = bookings.ticket_of(ctx.session, booking, passenger_id, leg)
    return seat.fee_cents - ((held.seat_fee_cents or 0) if held.seat_id else 0)


def _seat_charge(ctx: Ctx, booking: Booking, passenger_id: int, leg: str, seat: Seat) -> str:
    """What taking ``seat`` does to the booking's total, said before and after as the
    charges table writes it: a paid seat held until now is credited back, so "$45.00 for 20A,
    less $15.00 for 21B: $30.00 added" rather than "$45.00 added" while the total rises $30."""
    held = bookings.ticket_of(ctx.session, booking, passenger_id, leg)
    old = ctx.session.get(Seat, held.seat_id) if held.seat_id else None
    text = money.money_text
    if old is None or not held.seat_fee_cents:
        return (
            f"{text(seat.fee_cents)} added to the booking's total" if seat.fee_cents else "no fee"
        )
    net = seat.fee_cents - held.seat_fee_cents
    if net > 0:
        total = f"{text(net)} added to the booking's total"
    elif net < 0:
        total = f"{text(-net)} taken off the booking's total"
    else:
        total = "the booking's total stays as it was"
    return (
        f"{text(seat.fee_cents)} for {seat.number}, less {text(held.seat_fee_cents)} for "
        f"{old.number}: {total}"
    )


@page(ui, "/bookings/<reference>/seat/review", shows=("get_booking",))
def seat_review(ctx: Ctx, reference: str) -> str:
    """A paid seat's step before it is charged, as an airline's site asks: the booking page with
    a dialog "Pay $12.00 for seat 24B for Leo Martin?" whose button takes the seat."""
    booking = bookings.get_booking(ctx, reference)
    try:
        asked = SeatSelect.model_validate(
            {k: v for k, v in request.args.items() if k in ("passenger_id", "seat", "leg")}
        )
    except ValidationError:
        return _booking_view(ctx, booking)  # nothing chosen to review: the page as it is
    passenger, seat, flight = bookings.seat_asked(
        ctx, booking, asked.passenger_id, asked.seat, asked.leg
    )
    net = _seat_net(ctx, booking, passenger.id, asked.leg, seat)
    fee = SeatFee(
        asked.leg,
        passenger.id,
        f"{passenger.first_name} {passenger.last_name}",
        seat.number,
        flight.number,
        money.money_text(seat.fee_cents),
        _seat_charge(ctx, booking, passenger.id, asked.leg, seat),
        money.money_text(net) if net > 0 else "",
    )
    return _booking_view(ctx, booking, seat_fee=fee)


class BagFee(NamedTuple):
    """A checked bag a passenger asked for, not yet added: what its dialog asks to pay."""

    passenger_id: int
    passenger: str
    weight_kg: float
    fee: str


@page(ui, "/bookings/<reference>/bags/review", shows=("get_booking",))
def bag_review(ctx: Ctx, reference: str) -> str:
    """A checked bag's step before it is charged, the paid seat's step: the booking page with a
    dialog "Pay $70.00 for a checked bag for Tom Martin?" whose button adds it."""
    booking = bookings.get_booking(ctx, reference)
    try:
        asked = BagCreate.model_validate(
            {k: v for k, v in request.args.items() if k in ("passenger_id", "weight_kg")}
        )
        passenger, fee, _overweight = checkin.bag_quote(
            ctx, booking, asked.passenger_id, asked.weight_kg
        )
    except ValidationError:
        return _booking_view(ctx, booking)  # nothing asked for: the page as it is
    except ApiError as exc:
        flash(exc.message, "error")
        return _booking_view(ctx, booking)
    bag = BagFee(
        passenger.id,
        f"{passenger.first_name} {passenger.last_name}",
        asked.weight_kg,
        money.money_text(fee) if fee else "",
    )
    return _booking_view(ctx, booking, bag_fee=bag)


def _booking_view(
    ctx: Ctx, booking: Booking, seat_fee: SeatFee | None = None, bag_fee: BagFee | None = None
) -> str:
    seat_maps = []
    mine = {t.seat_id for t in bookings.tickets_of(ctx.session, booking) if t.seat_id is not None}
    for leg, flight in bookings.booking_flights(ctx.session, booking):
        rows: dict[int, list[Any]] = {}
        for seat, taken in flights.seat_map(ctx.session, flight, booking.cabin):
            rows.setdefault(seat.row, []).append((seat, taken))
        # what cannot work is not offered: the page says why instead (a cancelled flight),
        # its day in words as the page says days
        label = flights.flight_label(ctx.session, flight).rsplit(" on ", 1)[0]
        label = f"{label} on {day_words(flight.departure_date, ctx.today)}"
        check_in = checkin.check_in_closed(ctx, flight, label)
        closed = LegClosed(  # a moment in them said in the reader's zone, as the page's times
            bookings.seat_choice_closed(ctx, flight, label),
            for_people(check_in) if check_in else None,
        )
        seat_maps.append((leg, flight, rows, closed))
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
        passes=views.list_boarding_passes(ctx, booking.reference).items,
        bags=views.list_bags(ctx, booking.reference).items,
        names={p.id: f"{p.first_name} {p.last_name}" for p in out.passengers},
        zones={
            a.code: a.timezone
            for leg in out.flights
            for a in (leg.flight.origin, leg.flight.destination)
        },
        alternatives=_alternatives(ctx, booking),
        seat_fee=seat_fee,
        bag_fee=bag_fee,
    )


def _alternatives(ctx: Ctx, booking: Booking) -> dict[str, list[Any]]:
    """Each leg's other flights on its route still on sale with the booked cabin (what the
    change form offers; the change itself checks the rest, as the API's does)."""
    offered: dict[str, list[Any]] = {}
    if booking.status == "cancelled":
        return offered
    legs = dict(bookings.booking_flights(ctx.session, booking))
    for leg, flight in legs.items():
        others = [
            f
            for f in flights.list_flights(
                ctx.session,
                origin=_code(ctx, flight.origin_id),
                destination=_code(ctx, flight.destination_id),
            )
            if f.id != flight.id
            and flights.bookable_problem(ctx, f) is None
            and _keeps_the_trips_order(leg, f, legs)
        ]
        offered[leg] = [
            (f, fare)
            for f in views.flights_out(ctx.db, [f.id for f in others])
            if (fare := next((x for x in f.fares if x.cabin == booking.cabin), None)) is not None
        ]
    return offered


def _keeps_the_trips_order(leg: str, flight: Flight, legs: dict[str, Flight]) -> bool:
    """Whether ``flight`` may take ``leg``'s place as the change itself requires: a return
    leaves after the outbound lands, an outbound lands before the return leaves (so the list
    offers no flight the change would refuse)."""
    if leg == "return" and "outbound" in legs:
        return flights.departure_of(flight) > flights.arrival_of(legs["outbound"])
    if leg == "outbound" and "return" in legs:
        return flights.arrival_of(flight) < flights.departure_of(legs["return"])
    return True


_ROUTE = re.compile(r"\b([A-Z]{3})-([A-Z]{3})\b")
"""A route in a service message ("LHR-JFK"), written on a page with its arrow ("LHR→JFK")."""


def _in_page_words(message: str) -> str:
    """A refusal as the pages write it: its days in words (``for_people``) and each route
    with its arrow, "LC202 LHR→JFK on Wed 4 Mar" (the API keeps "LHR-JFK on 2026-03-04")."""
    return _ROUTE.sub(r"\1→\2", for_people(message))


def _code(ctx: Ctx, airport_id: int) -> str:
    airport = ctx.session.get(Airport, airport_id)
    return airport.code if airport is not None else ""


def _back(reference: str, message: str) -> Any:
    flash(message, "ok")
    return redirect(url_for("airline_ui.booking_page", reference=reference), 303)


@page(ui, "/bookings/<reference>/seat", methods=("POST",), operation="select_seat")
def seat_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    body = read_form(SeatSelect)
    held = bookings.ticket_of(ctx.session, booking, body.passenger_id, body.leg).seat_id
    passenger, seat, flight = bookings.seat_asked(
        ctx, booking, body.passenger_id, body.seat, body.leg
    )
    paid = _seat_charge(ctx, booking, body.passenger_id, body.leg, seat)
    bookings.select_seat(ctx, booking, body.passenger_id, body.seat, body.leg)
    if held == seat.id:
        paid = "already theirs, nothing charged"
    return _back(
        booking.reference,
        f"Seat {seat.number} on {flight.number} for {passenger.first_name} "
        f"{passenger.last_name}: {paid}.",
    )


@page(ui, "/bookings/<reference>/check-in", methods=("POST",), operation="check_in")
def check_in_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    body = read_form(CheckInRequest)
    try:
        tickets = checkin.check_in(ctx, booking, body.leg, body.passenger_ids)
    except checkin.PassportMissing as exc:
        # the page's words, not the API route the service's message names
        name = exc.passenger_name
        raise Conflict(
            f"{name} needs a passport number for the international flight {exc.flight_label}; "
            f"add the passport of {name} above (Passport, in the Passengers table) first"
        ) from None
    checked = counted(len(tickets), "passenger")
    return _back(booking.reference, f"Checked in {checked} on booking {booking.reference}.")


@page(ui, "/bookings/<reference>/cancel", methods=("POST",), operation="cancel_booking")
def cancel_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    changes.cancel_booking(ctx, booking, read_form(CancelRequest).refund_method)
    return _back(
        booking.reference,
        f"Cancelled booking {booking.reference}; "
        f"{money.money_text(booking.refund_amount_cents or 0)} refunded.",
    )


@page(ui, "/bookings/<reference>/bags", methods=("POST",), operation="add_bag")
def bag_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    body = read_form(BagCreate)
    bag = checkin.add_bag(ctx, booking, body.passenger_id, body.weight_kg)
    passenger = ctx.session.get(Passenger, bag.passenger_id)
    assert passenger is not None  # add_bag found them
    paid = (
        f"{money.money_text(bag.fee_cents)} added to the booking's total"
        if bag.fee_cents
        else "no fee"
    )
    return _back(
        booking.reference,
        f"Checked bag ({bag.weight_kg:g} kg) for {passenger.first_name} {passenger.last_name}: "
        f"{paid}.",
    )


@page(ui, "/bookings/<reference>/passport", methods=("POST",), operation="update_passenger")
def passport_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    number = read_form(PassengerUpdate).passport_number
    passenger_id = form_value("passenger_id", int)
    bookings.update_passenger(ctx, booking, passenger_id, number)
    return _back(booking.reference, "Passport number saved.")


@page(ui, "/bookings/<reference>/change/review", shows=("get_booking",))
def change_review(ctx: Ctx, reference: str) -> str | tuple[str, int]:
    """The change form's review step, as an airline's site asks before it charges: the flight
    chosen, what the change costs by the fare rules (the quote the change itself charges) and a
    confirmation; or, where the rules refuse the change, why (the form is shown again)."""
    booking = bookings.get_booking(ctx, reference)
    if not request.args.get("flight_id", "").strip():
        return _change_unchosen(ctx, reference)
    body, quote, refusal = None, None, None
    try:
        body = ChangeRequest.model_validate(
            {k: v for k, v in request.args.items() if k in ("flight_id", "leg")}
        )
        quote = changes.change_quote(ctx, booking, body.flight_id, body.leg)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        refusal = f"{'.'.join(str(part) for part in first['loc'])}: {plain_message(first)}"
    except ApiError as exc:
        refusal = _in_page_words(exc.message)
    out = views.booking_out(ctx, booking)
    return render(
        "airline/change_review.html",
        ctx,
        booking=out,
        body=body,
        quote=quote,
        refusal=refusal,
        dollars=money.money_text,
        flights_out={f.id: f for f in views.flights_out(ctx.db, [quote.old.id, quote.new.id])}
        if quote
        else {},
    )


def _change_unchosen(ctx: Ctx, reference: str) -> tuple[str, int]:
    """The booking page again, its change form refused next to the flight list with the leg
    kept, when its review was asked for with no new flight chosen (the list starts on none)."""
    refused = FormInvalid({"flight_id": "Choose the new flight"}, request.args.copy())
    refused.action = url_for("airline_ui.change_action", reference=reference)
    request.environ[FORM_STATE_KEY] = refused
    return booking_page(ctx, reference), refused.status


@page(ui, "/bookings/<reference>/change", methods=("POST",), operation="change_booking")
def change_action(ctx: Ctx, reference: str) -> Any:
    booking = bookings.get_booking(ctx, reference)
    body = read_form(ChangeRequest)
    result = changes.change_flight(ctx, booking, body.flight_id, body.leg)
    new = flights.get_flight(ctx.session, body.flight_id)
    paid = (  # a free change says no "credited $0.00"
        f"; charged {money.money_text(result.amount_charged)}"
        if result.amount_charged
        else f"; credited {money.money_text(result.amount_credited)}"
        if result.amount_credited
        else ""
    )
    said = f"Changed to {new.number} on {day_words(new.departure_date, ctx.today)}{paid}."
    return _back(booking.reference, said)


@page(
    ui,
    "/bookings/<reference>/bags/<int:bag_id>/remove",
    methods=("POST",),
    operation="remove_bag",
)
def bag_remove_action(ctx: Ctx, reference: str, bag_id: int) -> Any:
    booking = bookings.get_booking(ctx, reference)
    checkin.remove_bag(ctx, booking, bag_id)
    return _back(booking.reference, "Bag removed; its fee was credited back.")


@page(ui, "/announcements", login_required=False, shows=("list_announcements",))
def announcements_page(ctx: Ctx) -> str:
    query, error = _filters(AnnouncementQuery)
    rows = ctx.session.scalars(operations.announcements(query)).all()
    return render(
        "airline/announcements.html",
        ctx,
        announcements=[views.announcement_out(ctx.session, a) for a in rows],
        query=query,
        kinds=KINDS,
        error=error,
    )


# --- flight status, airports, account ---------------------------------------------------------


@page(ui, "/flights", login_required=False, shows=("list_flights",))
def flights_page(ctx: Ctx) -> str:
    """Flight status: the flights of a day (today by default), by route, number or status."""
    query, error = _filters(FlightQuery, date=to_naive_utc(ctx.now).date().isoformat())
    found: list[Any] = []
    try:
        listed = flights.list_flights(
            ctx.session,
            origin=query.origin,
            destination=query.destination,
            day=query.date,
            number=query.number,
            status=query.status,
        )
        found = views.flights_out(ctx.db, [f.id for f in listed])
    except ApiError as exc:
        error = exc.message
    return render(
        "airline/flights.html",
        ctx,
        flights=found,
        query=query,
        airports=_airports(ctx),
        statuses=STATUSES,
        error=error,
    )


@page(ui, "/flights/<int:flight_id>", login_required=False, shows=("get_flight", "get_seat_map"))
def flight_page(ctx: Ctx, flight_id: int) -> str:
    flight = views.get_flight(ctx, flight_id)
    seats = views.get_seat_map(ctx, flight_id, SeatMapQuery())
    rows: dict[str, dict[int, list[Any]]] = {}
    for seat in seats.seats:
        rows.setdefault(seat.cabin, {}).setdefault(seat.row, []).append(seat)
    problem = flights.bookable_problem(ctx, flights.get_flight(ctx.session, flight_id))
    return render(
        "airline/flight.html",
        ctx,
        flight=flight,
        rows=rows,
        problem=problem,
    )


@page(ui, "/airports", login_required=False, shows=("list_airports",))
def airports_page(ctx: Ctx) -> str:
    query, error = _filters(AirportQuery)
    stmt = select(Airport).order_by(Airport.code)
    if query.country:
        stmt = stmt.where(Airport.country == query.country.upper())
    countries = sorted(set(ctx.session.scalars(select(Airport.country)).all()))
    return render(
        "airline/airports.html",
        ctx,
        airports=[views.airport_out(a) for a in ctx.session.scalars(stmt).all()],
        countries=countries,
        country=(query.country or "").upper(),
        error=error,
    )


@page(ui, "/airports/<code>", login_required=False, shows=("get_airport",))
def airport_page(ctx: Ctx, code: str) -> str:
    airport = views.get_airport(ctx, code)
    return render(
        "airline/airport.html",
        ctx,
        airport=airport,
        today=to_naive_utc(ctx.now).date().isoformat(),
    )


@page(ui, "/account", shows=("get_account",))
def account_page(ctx: Ctx) -> str:
    return render("airline/account.html", ctx, account=views.get_account(ctx))
