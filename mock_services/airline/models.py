"""Tables of the airline service (a public contract: verifiers read them directly).

Money is stored in integer cents (``*_cents`` columns); datetimes are naive UTC.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    """A customer. ``travel_credit_cents`` grows when a booking is cancelled for credit."""

    __tablename__ = "users"
    travel_credit_cents: Mapped[int] = mapped_column(Integer, default=0)


class PaymentMethod(Base):
    """A saved card of a customer (only a summary is stored)."""

    __tablename__ = "payment_methods"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    brand: Mapped[str] = mapped_column(String(20))
    last4: Mapped[str] = mapped_column(String(4))
    expiry: Mapped[str] = mapped_column(String(5))  # "MM/YY"
    label: Mapped[str | None] = mapped_column(String(100))


class Airport(Base):
    __tablename__ = "airports"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(3), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(200))
    city: Mapped[str] = mapped_column(String(100))
    country: Mapped[str] = mapped_column(String(2))
    timezone: Mapped[str] = mapped_column(String(64))


class Flight(Base):
    """One flight instance: ``number`` on ``departure_date`` (local date at the origin)."""

    __tablename__ = "flights"
    __table_args__ = (UniqueConstraint("number", "departure_date"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(8), index=True)
    departure_date: Mapped[date] = mapped_column(Date)
    origin_id: Mapped[int] = mapped_column(ForeignKey("airports.id"))
    destination_id: Mapped[int] = mapped_column(ForeignKey("airports.id"))
    scheduled_departure: Mapped[datetime]
    scheduled_arrival: Mapped[datetime]
    estimated_departure: Mapped[datetime | None]
    estimated_arrival: Mapped[datetime | None]
    status: Mapped[str] = mapped_column(String(20))
    gate: Mapped[str | None] = mapped_column(String(10))
    aircraft: Mapped[str] = mapped_column(String(50))
    status_reason: Mapped[str | None] = mapped_column(String(300))


class FlightCabin(Base):
    """A cabin of a flight: its fare and its seat layout (the seats are generated from it)."""

    __tablename__ = "flight_cabins"
    __table_args__ = (UniqueConstraint("flight_id", "cabin"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    flight_id: Mapped[int] = mapped_column(ForeignKey("flights.id"), index=True)
    cabin: Mapped[str] = mapped_column(String(20))
    fare_class: Mapped[str] = mapped_column(String(20))
    price_cents: Mapped[int]
    refundable: Mapped[bool]
    first_row: Mapped[int]
    last_row: Mapped[int]
    layout: Mapped[str] = mapped_column(String(20))  # seat letters, "-" marks an aisle
    extra_legroom_rows: Mapped[str] = mapped_column(String(100))  # comma-separated row numbers
    seat_fee_cents: Mapped[int]
    extra_legroom_fee_cents: Mapped[int]


class Seat(Base):
    """A physical seat. ``blocked`` seats are held by passengers outside this system."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("flight_id", "number"),
        # free seats are counted per flight and cabin on every flight answer: from the index
        Index("ix_seats_flight_cabin_blocked", "flight_id", "cabin", "blocked"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    flight_id: Mapped[int] = mapped_column(ForeignKey("flights.id"))
    cabin: Mapped[str] = mapped_column(String(20))
    number: Mapped[str] = mapped_column(String(4))
    row: Mapped[int]
    letter: Mapped[str] = mapped_column(String(1))
    position: Mapped[str] = mapped_column(String(6))  # window | aisle | middle
    extra_legroom: Mapped[bool]
    fee_cents: Mapped[int]
    blocked: Mapped[bool] = mapped_column(default=False)


class Booking(Base):
    """A customer's booking. ``total_price_cents`` is the sum of its ``charges``."""

    __tablename__ = "bookings"
    id: Mapped[int] = mapped_column(primary_key=True)
    reference: Mapped[str] = mapped_column(String(6), unique=True, index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    outbound_flight_id: Mapped[int] = mapped_column(ForeignKey("flights.id"), index=True)
    return_flight_id: Mapped[int | None] = mapped_column(ForeignKey("flights.id"), index=True)
    cabin: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(20))
    payment_method_id: Mapped[int | None] = mapped_column(ForeignKey("payment_methods.id"))
    card_summary: Mapped[str] = mapped_column(String(60))
    total_price_cents: Mapped[int]
    # paid from the customer's travel credit when booking; the card paid the rest
    travel_credit_used_cents: Mapped[int] = mapped_column(Integer, default=0)
    refund_amount_cents: Mapped[int | None]
    refund_method: Mapped[str | None] = mapped_column(
        String(20)
    )  # original_payment | travel_credit
    cancellation_fee_cents: Mapped[int | None]
    created_at: Mapped[datetime]
    changed_at: Mapped[datetime | None]
    cancelled_at: Mapped[datetime | None]


class Passenger(Base):
    __tablename__ = "passengers"
    id: Mapped[int] = mapped_column(primary_key=True)
    booking_id: Mapped[int] = mapped_column(ForeignKey("bookings.id"), index=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    date_of_birth: Mapped[date] = mapped_column(Date)
    passport_number: Mapped[str | None] = mapped_column(String(20))


class Ticket(Base):
    """One passenger on one flight of a booking (``leg`` outbound or return): seat and check-in."""

    __tablename__ = "tickets"
    __table_args__ = (UniqueConstraint("passenger_id", "leg"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    booking_id: Mapped[int] = mapped_column(ForeignKey("bookings.id"), index=True)
    passenger_id: Mapped[int] = mapped_column(ForeignKey("passengers.id"), index=True)
    flight_id: Mapped[int] = mapped_column(ForeignKey("flights.id"), index=True)
    leg: Mapped[str] = mapped_column(String(10))
    seat_id: Mapped[int | None] = mapped_column(ForeignKey("seats.id"))
    seat_fee_cents: Mapped[int] = mapped_column(Integer, default=0)
    checked_in_at: Mapped[datetime | None]
    boarding_sequence: Mapped[int | None]


class Bag(Base):
    """A checked bag of a passenger (it travels on every flight of the booking)."""

    __tablename__ = "bags"
    id: Mapped[int] = mapped_column(primary_key=True)
    booking_id: Mapped[int] = mapped_column(ForeignKey("bookings.id"), index=True)
    passenger_id: Mapped[int] = mapped_column(ForeignKey("passengers.id"), index=True)
    weight_kg: Mapped[float]
    fee_cents: Mapped[int]
    overweight: Mapped[bool]
    created_at: Mapped[datetime]


class Charge(Base):
    """The money ledger of a booking: positive amounts are charged, negative are credited."""

    __tablename__ = "charges"
    id: Mapped[int] = mapped_column(primary_key=True)
    booking_id: Mapped[int] = mapped_column(ForeignKey("bookings.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    amount_cents: Mapped[int]
    description: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime]


class Announcement(Base):
    __tablename__ = "announcements"
    id: Mapped[int] = mapped_column(primary_key=True)
    flight_id: Mapped[int] = mapped_column(ForeignKey("flights.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))  # delay | cancellation | gate_change | status
    message: Mapped[str] = mapped_column(String(1000))
    created_at: Mapped[datetime]
