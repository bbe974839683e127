"""Airports by IATA code or id (the airports area's reads)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.airline.models import Airport
from mock_services.core.base.errors import NotFound


def airport(session: Session, airport_id: int) -> Airport:
    found = session.get(Airport, airport_id)
    assert found is not None
    return found


def get_airport(session: Session, code: str) -> Airport:
    found = session.scalar(select(Airport).where(Airport.code == code.upper()))
    if found is None:
        codes = ", ".join(session.scalars(select(Airport.code).order_by(Airport.code)))
        raise NotFound(f"airport {code.upper()!r} not found; known airports: {codes or 'none'}")
    return found
