"""Flights: look-ups, departure and bookability, plain rows with fares for the reads, the
seat map and the search for bookable flights (the flights area).

Pure look-ups take a session; what reads the clock takes the request's ``Ctx``. Failures are
``ApiError``s in plain words."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.airline import policy
from mock_services.airline.airports import airport, get_airport
from mock_services.airline.models import Flight, FlightCabin, Seat
from mock_services.airline.seats import FREE_SEATS, held_seat_ids, seats_available
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Ctx

FINAL_STATUSES = ("departed", "landed")


def departure_of(flight: Flight) -> datetime:
    """When the flight actually leaves: the estimate when delayed, else the schedule."""
    return flight.estimated_departure or flight.scheduled_departure


def arrival_of(flight: Flight) -> datetime:
    return flight.estimated_arrival or flight.scheduled_arrival


def flight_label(session: Session, flight: Flight) -> str:
    origin = airport(session, flight.origin_id).code
    destination = airport(session, flight.destination_id).code
    return f"{flight.number} {origin}-{destination} on {flight.departure_date.isoformat()}"


def has_departed(ctx: Ctx, flight: Flight) -> bool:
    return flight.status in FINAL_STATUSES or departure_of(flight) <= to_naive_utc(ctx.now)


def _no_flight(flight_id: int) -> NotFound:
    return NotFound(f"flight {flight_id} not found; search with GET /api/flights/search")


def get_flight(session: Session, flight_id: int) -> Flight:
    flight = session.get(Flight, flight_id)
    if flight is None:
        raise _no_flight(flight_id)
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


# --- flights as plain rows (the reads' fast path) ------------------------------------------


def _airport_columns(alias: str, role: str) -> str:
    names = ("code", "name", "city", "country", "timezone")
    return ", ".join(f"{alias}.{name} AS {role}_{name}" for name in names)


_FLIGHT_COLUMNS = (
    "f.id, f.number, f.departure_date, f.scheduled_departure, f.scheduled_arrival, "
    "f.estimated_departure, f.estimated_arrival, f.status, f.status_reason, f.gate, f.aircraft, "
    f"{_airport_columns('o', 'origin')}, {_airport_columns('d', 'destination')}"
)


_FLIGHTS_AND_AIRPORTS = (
    "FROM flights f JOIN airports o ON o.id = f.origin_id "
    "JOIN airports d ON d.id = f.destination_id"
)


FARES = (
    "(SELECT json_group_array(json_array(cabin, fare_class, price_cents, refundable, "
    "seat_fee_cents, extra_legroom_fee_cents, seats_available)) FROM (SELECT c.cabin, "
    "c.fare_class, c.price_cents, c.refundable, c.seat_fee_cents, c.extra_legroom_fee_cents, "
    f"{FREE_SEATS} AS seats_available FROM flight_cabins c WHERE c.flight_id = f.id "
    "ORDER BY c.id))"
)
"""The fares of the flight ``f`` in cabin order, with their free seats, as one JSON list."""


FLIGHT_ROWS = f"SELECT {_FLIGHT_COLUMNS} {_FLIGHTS_AND_AIRPORTS}"
"""A flight with its two airports, as one plain row (read with ``ctx.db``; see
``api.flight_summary``)."""


FLIGHT_WITH_FARES_ROWS = f"SELECT {_FLIGHT_COLUMNS}, {FARES} AS fares {_FLIGHTS_AND_AIRPORTS}"
"""``FLIGHT_ROWS`` and a last column, the flight's ``FARES``: a flight's whole answer in one
query (see ``api.flight_out``)."""


def _marks(ids: list[int]) -> str:
    return ", ".join("?" * len(ids))


def flight_rows(
    db: Transaction, flight_ids: list[int], *, fares: bool = False
) -> dict[int, sqlite3.Row]:
    """The ``FLIGHT_ROWS`` of these flights (``FLIGHT_WITH_FARES_ROWS`` with ``fares``), by id
    (unknown ids are left out)."""
    select = FLIGHT_WITH_FARES_ROWS if fares else FLIGHT_ROWS
    rows = db.all(f"{select} WHERE f.id IN ({_marks(flight_ids)})", flight_ids)
    return {row["id"]: row for row in rows}


def flight_with_fares_row(db: Transaction, flight_id: int) -> sqlite3.Row:
    """One flight's ``FLIGHT_WITH_FARES_ROWS`` row; 404 if there is none."""
    row = db.one(f"{FLIGHT_WITH_FARES_ROWS} WHERE f.id = ?", (flight_id,))
    if row is None:
        raise _no_flight(flight_id)
    return row


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


def bookable_problem(ctx: Ctx, flight: Flight) -> str | None:
    """Why ``flight`` cannot be booked (or changed to) right now, or None (named by its label
    only when there is a reason: a page asks this of every flight on a route)."""
    closes = departure_of(flight) - policy.CHECK_IN_CLOSES
    if flight.status == "cancelled":
        problem = "is cancelled"
    elif flight.status in ("boarding", *FINAL_STATUSES):
        problem = f"is already {flight.status}"
    elif to_naive_utc(ctx.now) >= closes:
        problem = f"closed for sale at {closes.isoformat()}Z (1 hour before departure)"
    else:
        return None
    return f"{flight_label(ctx.session, flight)} {problem}"


@dataclass
class SearchHit:
    flight: Flight
    cabin: FlightCabin
    seats_available: int


def search(
    ctx: Ctx,
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
    flights = list_flights(ctx.session, origin=origin, destination=destination, day=day)
    flights = [f for f in flights if bookable_problem(ctx, f) is None]
    free = seats_available(ctx.session, [f.id for f in flights])
    hits = []
    for f in flights:
        fare = ctx.session.scalar(
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
