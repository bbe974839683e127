"""The airline's JSON API: airports, flights, search, seat maps, bookings, check-in, bags,
announcements and (admin token) flight operations."""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.airline import (
    airports,
    bookings,
    changes,
    checkin,
    flights,
    operations,
    policy,
    seed,
)
from mock_services.airline.models import (
    Airport,
    Announcement,
    Bag,
    Booking,
    Passenger,
    PaymentMethod,
    Seat,
    Ticket,
    User,
)
from mock_services.airline.schemas import (
    AccountOut,
    AirportOut,
    AirportPage,
    AirportQuery,
    AnnouncementCreate,
    AnnouncementOut,
    AnnouncementPage,
    AnnouncementQuery,
    BagCreate,
    BagOut,
    BagPage,
    BoardingPassList,
    BoardingPassOut,
    BookingCreate,
    BookingOut,
    BookingPage,
    BookingQuery,
    CabinLayoutOut,
    CancellationQuote,
    CancelRequest,
    ChangeOut,
    ChangeRequest,
    ChargeOut,
    CheckInRequest,
    FlightOut,
    FlightPage,
    FlightQuery,
    FlightSummary,
    FlightUpdate,
    FlightUpdateOut,
    LegOut,
    PassengerOut,
    PassengerUpdate,
    PaymentMethodOut,
    SearchPage,
    SearchQuery,
    SearchResult,
    SeatMapOut,
    SeatMapQuery,
    SeatOut,
    SeatSelect,
    TicketOut,
)
from mock_services.core.base.clock import iso, iso_stored, local_iso
from mock_services.core.data.paging import page_answer, page_of, page_of_select
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Api, Ctx

api = Api("airline", url_prefix="/api")
money = policy.money


# --- presenters (shared with the UI) -----------------------------------------------------------


def airport_out(a: Airport) -> AirportOut:
    return AirportOut.model_validate(a)


def _airport_fields(columns: tuple[Any, ...]) -> dict[str, Any]:
    """An airport's five ``flights.FLIGHT_ROWS`` columns as ``AirportOut``'s fields."""
    code, name, city, country, timezone = columns
    return {"code": code, "name": name, "city": city, "country": country, "timezone": timezone}


def _minutes(start: datetime, end: datetime) -> int:
    return int((end - start).total_seconds() // 60)


def _summary_fields(row: sqlite3.Row) -> dict[str, Any]:
    """A ``flights.FLIGHT_ROWS`` row as ``FlightSummary``'s fields (UTC and local times, delay),
    read by position (a ``sqlite3.Row`` looks a name up column by column); the airports are
    plain dicts, which the answer's model validates with the rest in one call."""
    flight_id, number, day, departure, arrival, estimated_departure, estimated_arrival = row[:7]
    status, status_reason, gate, aircraft = row[7:11]
    origin, destination = _airport_fields(row[11:16]), _airport_fields(row[16:21])
    departs, arrives = datetime.fromisoformat(departure), datetime.fromisoformat(arrival)
    estimated = None if estimated_departure is None else datetime.fromisoformat(estimated_departure)
    estimated_arrives = (
        None if estimated_arrival is None else datetime.fromisoformat(estimated_arrival)
    )
    return {
        "id": flight_id,
        "number": number,
        "date": date.fromisoformat(day),
        "origin": origin,
        "destination": destination,
        "scheduled_departure": iso_stored(departure),
        "scheduled_departure_local": local_iso(departs, origin["timezone"]),
        "scheduled_arrival": iso_stored(arrival),
        "scheduled_arrival_local": local_iso(arrives, destination["timezone"]),
        "estimated_departure": iso_stored(estimated_departure),
        "estimated_departure_local": local_iso(estimated, origin["timezone"]),
        "estimated_arrival": iso_stored(estimated_arrival),
        "estimated_arrival_local": local_iso(estimated_arrives, destination["timezone"]),
        "delay_minutes": None if estimated is None else _minutes(departs, estimated),
        "duration_minutes": _minutes(departs, arrives),
        "status": status,
        "status_reason": status_reason,
        "gate": gate,
        "aircraft": aircraft,
    }


def flight_summary(row: sqlite3.Row) -> FlightSummary:
    """A ``flights.FLIGHT_ROWS`` row as the API answers it."""
    return FlightSummary(**_summary_fields(row))


def flight_summaries(db: Transaction, flight_ids: list[int]) -> dict[int, FlightSummary]:
    """These flights' summaries, by id."""
    return {i: flight_summary(row) for i, row in flights.flight_rows(db, flight_ids).items()}


def _fare_fields(values: list[Any]) -> dict[str, Any]:
    """A fare of ``flights.FARES`` as ``FareOut``'s fields."""
    cabin, fare_class, price_cents, refundable, seat_fee_cents, legroom_fee_cents, free = values
    return {
        "cabin": cabin,
        "fare_class": fare_class,
        "price": money(price_cents),
        "refundable": bool(refundable),
        "seats_available": free,
        "seat_fee": money(seat_fee_cents),
        "extra_legroom_fee": money(legroom_fee_cents),
    }


def flight_out(row: sqlite3.Row) -> FlightOut:
    """A ``flights.FLIGHT_WITH_FARES_ROWS`` row as the API answers it (validated in one call)."""
    fares = [_fare_fields(fare) for fare in json.loads(row[-1])]
    return FlightOut(**_summary_fields(row), fares=fares)


def flights_out(db: Transaction, flight_ids: list[int]) -> list[FlightOut]:
    """These flights with their fares and free seats, in the order given (one query)."""
    rows = flights.flight_rows(db, flight_ids, fares=True)
    return [flight_out(rows[i]) for i in flight_ids]


def booking_out(ctx: Ctx, b: Booking) -> BookingOut:
    session = ctx.session
    legs = bookings.booking_flights(session, b)
    summaries = flight_summaries(ctx.db, [f.id for _, f in legs])
    legs_by_id = {f.id: f for _, f in legs}
    tickets: dict[int, list[Ticket]] = {}
    for t in bookings.tickets_of(session, b):
        tickets.setdefault(t.passenger_id, []).append(t)
    bags = bookings.bags_of(session, b)
    seat_numbers = {
        s.id: s.number
        for s in session.scalars(
            select(Seat).where(
                Seat.id.in_([t.seat_id for ts in tickets.values() for t in ts if t.seat_id])
            )
        )
    }
    return BookingOut(
        id=b.id,
        reference=b.reference,
        status=b.status,
        cabin=b.cabin,
        refundable=bookings.is_refundable(session, b),
        flights=[LegOut(leg=leg, flight=summaries[f.id]) for leg, f in legs],
        passengers=[
            PassengerOut(
                id=p.id,
                first_name=p.first_name,
                last_name=p.last_name,
                date_of_birth=p.date_of_birth,
                passport_number=p.passport_number,
                tickets=[
                    TicketOut(
                        leg=t.leg,
                        flight_id=t.flight_id,
                        flight_number=legs_by_id[t.flight_id].number,
                        date=legs_by_id[t.flight_id].departure_date,
                        seat=seat_numbers.get(t.seat_id) if t.seat_id else None,
                        seat_fee=money(t.seat_fee_cents),
                        checked_in=t.checked_in_at is not None,
                        checked_in_at=iso(t.checked_in_at),
                        boarding_sequence=t.boarding_sequence,
                    )
                    for t in tickets.get(p.id, [])
                ],
                bags=[bag_out(bag) for bag in bags if bag.passenger_id == p.id],
            )
            for p in bookings.passengers_of(session, b)
        ],
        total_price=money(b.total_price_cents),
        card_summary=b.card_summary,
        payment_method_id=b.payment_method_id,
        travel_credit_used=money(b.travel_credit_used_cents),
        charges=[
            ChargeOut(
                id=c.id,
                kind=c.kind,
                amount=money(c.amount_cents),
                description=c.description,
                created_at=iso(c.created_at) or "",
            )
            for c in bookings.charges_of(session, b)
        ],
        refund_amount=money(b.refund_amount_cents) if b.refund_amount_cents is not None else None,
        refund_method=b.refund_method,
        cancellation_fee=money(b.cancellation_fee_cents)
        if b.cancellation_fee_cents is not None
        else None,
        created_at=iso(b.created_at) or "",
        changed_at=iso(b.changed_at),
        cancelled_at=iso(b.cancelled_at),
    )


def bag_out(bag: Bag) -> BagOut:
    return BagOut(
        id=bag.id,
        passenger_id=bag.passenger_id,
        weight_kg=bag.weight_kg,
        fee=money(bag.fee_cents),
        overweight=bag.overweight,
        created_at=iso(bag.created_at) or "",
    )


def boarding_pass(session: Session, booking: Booking, t: Ticket) -> BoardingPassOut:
    f = flights.get_flight(session, t.flight_id)
    p = session.get(Passenger, t.passenger_id)
    seat = session.get(Seat, t.seat_id) if t.seat_id else None
    assert p is not None and seat is not None and t.boarding_sequence is not None
    origin = airports.airport(session, f.origin_id)
    destination = airports.airport(session, f.destination_id)
    departure = flights.departure_of(f)
    boarding = departure - policy.BOARDING_BEFORE_DEPARTURE
    return BoardingPassOut(
        booking_reference=booking.reference,
        passenger_id=p.id,
        passenger_name=f"{p.last_name.upper()}/{p.first_name.upper()}",
        leg=t.leg,
        flight_number=f.number,
        date=f.departure_date,
        origin=origin.code,
        destination=destination.code,
        departure=iso(departure) or "",
        departure_local=local_iso(departure, origin.timezone) or "",
        cabin=booking.cabin,
        seat=seat.number,
        gate=f.gate,
        boarding_time=iso(boarding) or "",
        boarding_time_local=local_iso(boarding, origin.timezone) or "",
        sequence=t.boarding_sequence,
        barcode=f"M1{p.last_name.upper()}/{p.first_name.upper()} {booking.reference} "
        f"{origin.code}{destination.code} {f.number} {f.departure_date.strftime('%j')} "
        f"{seat.number} {t.boarding_sequence:04d}",
    )


def announcement_out(session: Session, a: Announcement) -> AnnouncementOut:
    f = flights.get_flight(session, a.flight_id)
    return AnnouncementOut(
        id=a.id,
        flight_id=f.id,
        flight_number=f.number,
        date=f.departure_date,
        kind=a.kind,
        message=a.message,
        created_at=iso(a.created_at) or "",
    )


def payment_method_out(pm: PaymentMethod) -> PaymentMethodOut:
    return PaymentMethodOut(
        id=pm.id,
        brand=pm.brand,
        last4=pm.last4,
        expiry=pm.expiry,
        label=pm.label,
        summary=seed.card_summary(pm),
    )


def account_out(session: Session, user: User) -> AccountOut:
    cards = session.scalars(
        select(PaymentMethod).where(PaymentMethod.user_id == user.id).order_by(PaymentMethod.id)
    ).all()
    return AccountOut(
        username=user.username,
        display_name=user.display_name,
        email=user.email,
        travel_credit=money(user.travel_credit_cents),
        payment_methods=[payment_method_out(pm) for pm in cards],
    )


# --- airports and flights --------------------------------------------------------------------


@api.get("/airports", response=AirportPage, auth="none")
def list_airports(ctx: Ctx, query: AirportQuery) -> AirportPage:
    """Airports served, by code."""
    stmt = select(Airport).order_by(Airport.code)
    if query.country:
        stmt = stmt.where(Airport.country == query.country.upper())
    items, total = page_of_select(ctx.session, stmt, query)
    return page_answer(AirportPage, [airport_out(a) for a in items], total, query)


@api.get("/airports/<code>", response=AirportOut, auth="none", errors=(404,))
def get_airport(ctx: Ctx, code: str) -> AirportOut:
    """One airport by IATA code."""
    return airport_out(airports.get_airport(ctx.session, code))


@api.get("/flights", response=FlightPage, auth="none", errors=(404,))
def list_flights(ctx: Ctx, query: FlightQuery) -> FlightPage:
    """Flights (any status) filtered by route, local date, number or status; by departure."""
    q = query
    found = flights.list_flights(
        ctx.session,
        origin=q.origin,
        destination=q.destination,
        day=q.date,
        number=q.number,
        status=q.status,
    )
    items, total = page_of(found, q)
    return page_answer(FlightPage, flights_out(ctx.db, [f.id for f in items]), total, q)


@api.get("/flights/search", response=SearchPage, auth="none", errors=(404,))
def search_flights(ctx: Ctx, query: SearchQuery) -> SearchPage:
    """Bookable flights on a route and local date with enough free seats in the cabin.

    Cancelled, departed and closed (less than 1 hour to departure) flights are left out.
    """
    q = query
    hits = flights.search(
        ctx,
        origin=q.origin,
        destination=q.destination,
        day=q.date,
        cabin=q.cabin,
        passengers=q.passengers,
        sort=q.sort,
    )
    page, total = page_of(hits, q)
    answers = flights_out(ctx.db, [h.flight.id for h in page])
    return page_answer(
        SearchPage,
        [
            SearchResult(
                flight=flight,
                cabin=h.cabin.cabin,
                fare_class=h.cabin.fare_class,
                price=money(h.cabin.price_cents),
                total_price=money(h.cabin.price_cents * q.passengers),
                refundable=h.cabin.refundable,
                seats_available=h.seats_available,
            )
            for h, flight in zip(page, answers, strict=True)
        ],
        total,
        q,
    )


@api.get("/flights/<int:flight_id>", response=FlightOut, auth="none", errors=(404,))
def get_flight(ctx: Ctx, flight_id: int) -> FlightOut:
    """One flight with its fares and free seats per cabin."""
    return flight_out(flights.flight_with_fares_row(ctx.db, flight_id))


@api.get("/flights/<int:flight_id>/seats", response=SeatMapOut, auth="none", errors=(404,))
def get_seat_map(ctx: Ctx, flight_id: int, query: SeatMapQuery) -> SeatMapOut:
    """The seat map: every seat with its cabin, position, legroom, fee and whether it is taken."""
    flight = flights.get_flight(ctx.session, flight_id)
    seats = flights.seat_map(ctx.session, flight, query.cabin)
    if query.free_only:
        seats = [(s, taken) for s, taken in seats if not taken]
    return SeatMapOut(
        flight_id=flight.id,
        flight_number=flight.number,
        date=flight.departure_date,
        cabins=[
            CabinLayoutOut(
                cabin=c.cabin, first_row=c.first_row, last_row=c.last_row, layout=c.layout
            )
            for c in flights.cabins_of(ctx.session, flight.id)
        ],
        seats=[
            SeatOut(
                number=s.number,
                row=s.row,
                letter=s.letter,
                cabin=s.cabin,
                position=s.position,
                extra_legroom=s.extra_legroom,
                fee=money(s.fee_cents),
                occupied=taken,
            )
            for s, taken in seats
        ],
    )


# --- account and bookings --------------------------------------------------------------------


@api.get("/account", response=AccountOut)
def get_account(ctx: Ctx) -> AccountOut:
    """Your profile, travel credit balance and saved cards."""
    return account_out(ctx.session, ctx.user)


@api.get("/bookings", response=BookingPage)
def list_bookings(ctx: Ctx, query: BookingQuery) -> BookingPage:
    """Your bookings, newest first."""
    stmt = select(Booking).where(Booking.user_id == ctx.user_id)
    if query.status:
        stmt = stmt.where(Booking.status == query.status)
    items, total = page_of_select(ctx.session, stmt.order_by(Booking.id.desc()), query)
    return page_answer(BookingPage, [booking_out(ctx, b) for b in items], total, query)


@api.post("/bookings", response=BookingOut, status=201, errors=(403, 404, 409), destructive=True)
def create_booking(ctx: Ctx, body: BookingCreate) -> BookingOut:
    """Book one or more passengers on a flight (and optional return flight) in one cabin.

    Pay with a saved card (`payment_method_id`, see GET /api/account) or a `card` summary.
    Seats may be chosen right away (`seat`, `return_seat`); their fees are added.
    """
    booking = bookings.create_booking(ctx, body)
    return booking_out(ctx, booking)


@api.get("/bookings/<reference>", response=BookingOut, errors=(403, 404))
def get_booking(ctx: Ctx, reference: str) -> BookingOut:
    """One of your bookings by its 6-character reference."""
    return booking_out(ctx, bookings.get_booking(ctx, reference))


@api.post(
    "/bookings/<reference>/seats", response=BookingOut, errors=(403, 404, 409), destructive=True
)
def select_seat(ctx: Ctx, reference: str, body: SeatSelect) -> BookingOut:
    """Choose a free seat in the booked cabin for one passenger on one leg (fee charged)."""
    booking = bookings.get_booking(ctx, reference)
    bookings.select_seat(ctx, booking, body.passenger_id, body.seat, body.leg)
    return booking_out(ctx, booking)


@api.patch(
    "/bookings/<reference>/passengers/<int:passenger_id>",
    response=BookingOut,
    errors=(403, 404, 409),
)
def update_passenger(
    ctx: Ctx, reference: str, passenger_id: int, body: PassengerUpdate
) -> BookingOut:
    """Set or clear a passenger's passport number (needed to check in on international flights)."""
    booking = bookings.get_booking(ctx, reference)
    bookings.update_passenger(ctx, booking, passenger_id, body.passport_number)
    return booking_out(ctx, booking)


@api.post(
    "/bookings/<reference>/change", response=ChangeOut, errors=(403, 404, 409), destructive=True
)
def change_booking(ctx: Ctx, reference: str, body: ChangeRequest) -> ChangeOut:
    """Move one leg to another flight on the same route and cabin.

    The fare difference is charged or credited; a change fee per passenger applies unless the
    fare is refundable or the airline cancelled the flight. Seats are released (fees credited).
    """
    booking = bookings.get_booking(ctx, reference)
    result = changes.change_flight(ctx, booking, body.flight_id, body.leg)
    return ChangeOut(
        **dict(booking_out(ctx, booking)),
        fare_difference=money(result.fare_difference),
        change_fee=money(result.change_fee),
        amount_charged=money(result.amount_charged),
        amount_credited=money(result.amount_credited),
    )


@api.get(
    "/bookings/<reference>/cancellation",
    response=CancellationQuote,
    errors=(403, 404),
)
def cancellation_quote(ctx: Ctx, reference: str) -> CancellationQuote:
    """What cancelling would refund now, to the card or as travel credit."""
    booking = bookings.get_booking(ctx, reference)
    q = changes.cancellation_quote(ctx, booking)
    return CancellationQuote(
        can_cancel=q.can_cancel,
        reason=q.reason,
        total_paid=money(q.total_paid),
        refundable_fare=q.refundable_fare,
        flight_cancelled_by_airline=q.airline_cancelled,
        refund_to_original_payment=money(q.refund),
        travel_credit_returned=money(q.credit_back),
        cancellation_fee=money(q.fee),
        travel_credit_alternative=money(q.credit),
    )


@api.post(
    "/bookings/<reference>/cancel", response=BookingOut, errors=(403, 404, 409), destructive=True
)
def cancel_booking(ctx: Ctx, reference: str, body: CancelRequest) -> BookingOut:
    """Cancel a booking before departure; the refund follows the fare rules.

    Refundable fares (or a flight the airline cancelled): full refund. Other fares: the total
    minus $100 per passenger to the original payment, or the full total as travel credit.
    """
    booking = bookings.get_booking(ctx, reference)
    changes.cancel_booking(ctx, booking, body.refund_method)
    return booking_out(ctx, booking)


@api.post(
    "/bookings/<reference>/check-in",
    response=BoardingPassList,
    errors=(403, 404, 409),
    destructive=True,
)
def check_in(ctx: Ctx, reference: str, body: CheckInRequest) -> BoardingPassList:
    """Check in (24 h to 1 h before departure); free seats are assigned; boarding passes back."""
    booking = bookings.get_booking(ctx, reference)
    tickets = checkin.check_in(ctx, booking, body.leg, body.passenger_ids)
    passes = [boarding_pass(ctx.session, booking, t) for t in tickets]
    return BoardingPassList(items=passes, total=len(passes))


@api.get(
    "/bookings/<reference>/boarding-passes",
    response=BoardingPassList,
    errors=(403, 404),
)
def list_boarding_passes(ctx: Ctx, reference: str) -> BoardingPassList:
    """Boarding passes of the booking's checked-in passengers."""
    booking = bookings.get_booking(ctx, reference)
    passes = []
    if booking.status != "cancelled":
        passes = [
            boarding_pass(ctx.session, booking, t)
            for t in bookings.tickets_of(ctx.session, booking)
            if t.checked_in_at is not None and t.seat_id is not None
        ]
    return BoardingPassList(items=passes, total=len(passes))


@api.get("/bookings/<reference>/bags", response=BagPage, errors=(403, 404))
def list_bags(ctx: Ctx, reference: str) -> BagPage:
    """Checked bags on the booking."""
    booking = bookings.get_booking(ctx, reference)
    bags = [bag_out(b) for b in bookings.bags_of(ctx.session, booking)]
    return BagPage(items=bags, total=len(bags))


@api.post(
    "/bookings/<reference>/bags",
    response=BagOut,
    status=201,
    errors=(403, 404, 409),
    destructive=True,
)
def add_bag(ctx: Ctx, reference: str, body: BagCreate) -> BagOut:
    """Add a checked bag for a passenger (fee by cabin; over 23 kg costs extra, 32 kg max)."""
    booking = bookings.get_booking(ctx, reference)
    bag = checkin.add_bag(ctx, booking, body.passenger_id, body.weight_kg)
    return bag_out(bag)


@api.delete(
    "/bookings/<reference>/bags/<int:bag_id>",
    status=204,
    errors=(403, 404, 409),
)
def remove_bag(ctx: Ctx, reference: str, bag_id: int) -> None:
    """Remove a bag before its passenger checks in; its fee is credited back."""
    booking = bookings.get_booking(ctx, reference)
    checkin.remove_bag(ctx, booking, bag_id)


# --- announcements and operations ------------------------------------------------------------


@api.get("/announcements", response=AnnouncementPage, auth="none")
def list_announcements(ctx: Ctx, query: AnnouncementQuery) -> AnnouncementPage:
    """Flight announcements (delays, cancellations, gate changes), newest first."""
    stmt = operations.announcements(query)
    items, total = page_of_select(ctx.session, stmt, query)
    return page_answer(
        AnnouncementPage, [announcement_out(ctx.session, a) for a in items], total, query
    )


@api.patch(
    "/admin/flights/<int:flight_id>", response=FlightUpdateOut, auth="admin", errors=(404, 409)
)
def update_flight(ctx: Ctx, flight_id: int, body: FlightUpdate) -> FlightUpdateOut:
    """Operations (admin token): set a flight's status, delay or gate.

    Each change writes an announcement; delays and cancellations are mailed to the owner of
    every booking on the flight when the seed wires notifications.
    """
    b = body
    result = operations.update_flight(
        ctx,
        flight_id,
        status=b.status,
        delay_minutes=b.delay_minutes,
        gate=b.gate,
        reason=b.reason,
    )
    return FlightUpdateOut(
        flight=flights_out(ctx.db, [result.flight.id])[0],
        announcements=[announcement_out(ctx.session, a) for a in result.announcements],
        notified_bookings=result.notified,
    )


@api.post("/admin/announcements", response=AnnouncementOut, status=201, auth="admin", errors=(404,))
def create_announcement(ctx: Ctx, body: AnnouncementCreate) -> AnnouncementOut:
    """Operations (admin token): post a free-text announcement about a flight."""
    a = operations.create_announcement(ctx, body.flight_id, body.message)
    return announcement_out(ctx.session, a)
