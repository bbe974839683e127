"""Airports by IATA code or id (the airports area's reads)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.airline.models import Airport
from mock_services.core.base.errors import NotFound

_READ = "airline.airports"


def airport(session: Session, airport_id: int) -> Airport:
    """The airport ``airport_id``, read once per session (a request): a booking names each of
    its flights' airports several times, and the session lets a row go once it is named, so it
    would read it again for the next (airports are seeded, never changed by a request)."""
    read: dict[int, Airport] = session.info.setdefault(_READ, {})
    if airport_id not in read:
        found = session.get(Airport, airport_id)
        assert found is not None
        read[airport_id] = found
    return read[airport_id]


def get_airport(session: Session, code: str) -> Airport:
    found = session.scalar(select(Airport).where(Airport.code == code.upper()))
    if found is None:
        codes = ", ".join(session.scalars(select(Airport.code).order_by(Airport.code)))
        raise NotFound(f"airport {code.upper()!r} not found; known airports: {codes or 'none'}")
    return found
