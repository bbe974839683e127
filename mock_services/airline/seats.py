"""Seat inventory, the one rule of free and taken seats: a seat is taken when it is blocked or
held by a ticket of a non-cancelled booking; free seats of a cabin = its unblocked seats minus
the passengers of its active bookings."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.airline.models import Booking, Ticket


def _active_tickets(session: Session, flight_ids: Iterable[int]) -> list[tuple[Ticket, str]]:
    rows = session.execute(
        select(Ticket, Booking.cabin)
        .join(Booking, Booking.id == Ticket.booking_id)
        .where(Ticket.flight_id.in_(list(flight_ids)), Booking.status != "cancelled")
    ).all()
    return [(t, cabin) for t, cabin in rows]


FREE_SEATS = (
    "max(0, (SELECT count(*) FROM seats s WHERE s.flight_id = c.flight_id AND s.cabin = c.cabin "
    "AND s.blocked = 0) - (SELECT count(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id "
    "WHERE t.flight_id = c.flight_id AND b.cabin = c.cabin AND b.status != 'cancelled'))"
)
"""Free seats of the cabin ``c`` (a ``flight_cabins`` row): its unblocked seats minus the
passengers of its flight's active bookings in that cabin (the one rule, in SQL)."""


def seats_available(session: Session, flight_ids: Iterable[int]) -> dict[tuple[int, str], int]:
    """Free seats per (flight, cabin) (``FREE_SEATS``), seeing the session's pending changes."""
    ids = list(flight_ids)
    if not ids:
        return {}
    session.flush()
    rows = session.connection().exec_driver_sql(
        f"SELECT c.flight_id, c.cabin, {FREE_SEATS} FROM flight_cabins c "
        f"WHERE c.flight_id IN ({', '.join('?' * len(ids))})",
        tuple(ids),
    )
    return {(flight_id, cabin): free for flight_id, cabin, free in rows}


def held_seat_ids(session: Session, flight_id: int) -> set[int]:
    return {t.seat_id for t, _ in _active_tickets(session, [flight_id]) if t.seat_id is not None}
