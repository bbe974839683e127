"""Request bodies and answers of the airline API."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery

Cabin = Literal["economy", "premium_economy", "business"]
Leg = Literal["outbound", "return"]
FlightStatus = Literal["scheduled", "delayed", "cancelled", "boarding", "departed", "landed"]
BookingStatus = Literal["confirmed", "changed", "cancelled"]
RefundMethod = Literal["original_payment", "travel_credit"]


def _iso_date(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise ValueError("expected a date written YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a calendar date") from None


IsoDate = Annotated[dt.date, BeforeValidator(_iso_date)]
"""A calendar date given as ``YYYY-MM-DD`` (numbers are not read as timestamps)."""

_CODE_PATTERN = r"^[A-Za-z]{3}$"
_CODE_TEXT = "IATA airport code, e.g. JFK"


# --- airports and flights -------------------------------------------------------------------


class AirportOut(OutModel):
    code: str
    name: str
    city: str
    country: str
    timezone: str


class AirportPage(OutModel):
    items: list[AirportOut]
    total: int


class AirportQuery(PageQuery):
    country: str | None = Field(None, pattern=r"^[A-Za-z]{2}$")


class FareOut(OutModel):
    cabin: Cabin
    fare_class: str
    price: float = Field(description="per passenger, USD")
    refundable: bool
    seats_available: int
    seat_fee: float = Field(description="fee of a standard seat selection")
    extra_legroom_fee: float


class FlightSummary(OutModel):
    id: int
    number: str
    date: dt.date = Field(description="departure date, local at the origin")
    origin: AirportOut
    destination: AirportOut
    scheduled_departure: str = Field(description="UTC, ISO 8601")
    scheduled_departure_local: str = Field(description="origin local time with offset")
    scheduled_arrival: str
    scheduled_arrival_local: str = Field(description="destination local time with offset")
    estimated_departure: str | None
    estimated_departure_local: str | None
    estimated_arrival: str | None
    estimated_arrival_local: str | None
    delay_minutes: int | None
    duration_minutes: int
    status: FlightStatus
    status_reason: str | None
    gate: str | None
    aircraft: str


class FlightOut(FlightSummary):
    fares: list[FareOut]


class FlightPage(OutModel):
    items: list[FlightOut]
    total: int


class FlightQuery(PageQuery):
    origin: str | None = Field(None, pattern=_CODE_PATTERN, description=_CODE_TEXT)
    destination: str | None = Field(None, pattern=_CODE_PATTERN, description=_CODE_TEXT)
    date: IsoDate | None = Field(None, description="local departure date at the origin")
    number: str | None = Field(None, max_length=8)
    status: FlightStatus | None = None


class SearchQuery(PageQuery):
    origin: str = Field(pattern=_CODE_PATTERN, description=_CODE_TEXT)
    destination: str = Field(pattern=_CODE_PATTERN, description=_CODE_TEXT)
    date: IsoDate = Field(description="local departure date at the origin")
    cabin: Cabin = "economy"
    passengers: int = Field(1, ge=1, le=9)
    sort: Literal["price", "departure", "duration"] = "price"


class SearchResult(OutModel):
    flight: FlightOut
    cabin: Cabin
    fare_class: str
    price: float = Field(description="per passenger")
    total_price: float = Field(description="for all passengers")
    refundable: bool
    seats_available: int


class SearchPage(OutModel):
    items: list[SearchResult]
    total: int


class SeatOut(OutModel):
    number: str
    row: int
    letter: str
    cabin: Cabin
    position: Literal["window", "aisle", "middle"]
    extra_legroom: bool
    fee: float
    occupied: bool


class CabinLayoutOut(OutModel):
    cabin: Cabin
    first_row: int
    last_row: int
    layout: str = Field(description="seat letters; '-' marks an aisle")


class SeatMapQuery(ApiModel):
    cabin: Cabin | None = None
    free_only: bool = False


class SeatMapOut(OutModel):
    flight_id: int
    flight_number: str
    date: dt.date
    cabins: list[CabinLayoutOut]
    seats: list[SeatOut]


# --- account ----------------------------------------------------------------------------------


class PaymentMethodOut(OutModel):
    id: int
    brand: str
    last4: str
    expiry: str
    label: str | None
    summary: str


class AccountOut(OutModel):
    username: str
    display_name: str
    email: str
    travel_credit: float
    payment_methods: list[PaymentMethodOut]


# --- bookings ---------------------------------------------------------------------------------


class CardIn(ApiModel):
    brand: Literal["visa", "mastercard", "amex"]
    last4: str = Field(pattern=r"^\d{4}$")
    expiry: str = Field(pattern=r"^(0[1-9]|1[0-2])/\d{2}$", description="MM/YY")


class PassengerIn(ApiModel):
    first_name: str = Field(min_length=1, max_length=100, pattern=r"\S")
    last_name: str = Field(min_length=1, max_length=100, pattern=r"\S")
    date_of_birth: IsoDate
    passport_number: str | None = Field(
        None, min_length=5, max_length=20, pattern=r"^[A-Za-z0-9]+$"
    )
    seat: str | None = Field(None, max_length=4, description="outbound seat, e.g. 12A")
    return_seat: str | None = Field(None, max_length=4)


class BookingCreate(ApiModel):
    flight_id: int = Field(ge=1)
    return_flight_id: int | None = Field(None, ge=1)
    cabin: Cabin = "economy"
    passengers: list[PassengerIn] = Field(min_length=1, max_length=9)
    payment_method_id: int | None = Field(None, ge=1, description="one of your saved cards")
    card: CardIn | None = Field(None, description="or a card summary")
    use_travel_credit: bool = Field(
        False,
        description="pay with your travel credit first (GET /api/account); the card pays the "
        "rest and any later extras",
    )

    @model_validator(mode="after")
    def _one_payment(self) -> BookingCreate:
        if (self.payment_method_id is None) == (self.card is None):
            raise ValueError("give exactly one of 'payment_method_id' or 'card'")
        return self


class BookingQuery(PageQuery):
    status: BookingStatus | None = None


class BagOut(OutModel):
    id: int
    passenger_id: int
    weight_kg: float
    fee: float
    overweight: bool
    created_at: str


class TicketOut(OutModel):
    leg: Leg
    flight_id: int
    flight_number: str
    date: dt.date
    seat: str | None
    seat_fee: float
    checked_in: bool
    checked_in_at: str | None
    boarding_sequence: int | None


class PassengerOut(OutModel):
    id: int
    first_name: str
    last_name: str
    date_of_birth: dt.date
    passport_number: str | None
    tickets: list[TicketOut]
    bags: list[BagOut]


class ChargeOut(OutModel):
    id: int
    kind: str
    amount: float = Field(description="positive: charged; negative: credited back")
    description: str
    created_at: str


class LegOut(OutModel):
    leg: Leg
    flight: FlightSummary


class BookingOut(OutModel):
    id: int
    reference: str
    status: BookingStatus
    cabin: Cabin
    refundable: bool
    flights: list[LegOut]
    passengers: list[PassengerOut]
    total_price: float
    currency: str = "USD"
    card_summary: str
    payment_method_id: int | None
    travel_credit_used: float = Field(description="part of the price paid with travel credit")
    charges: list[ChargeOut]
    refund_amount: float | None
    refund_method: RefundMethod | None
    cancellation_fee: float | None
    created_at: str
    changed_at: str | None
    cancelled_at: str | None


class BookingPage(OutModel):
    items: list[BookingOut]
    total: int


class SeatSelect(ApiModel):
    passenger_id: int = Field(ge=1)
    seat: str = Field(min_length=2, max_length=4, pattern=r"^\d{1,2}[A-Za-z]$")
    leg: Leg = "outbound"


class PassengerUpdate(ApiModel):
    passport_number: str | None = Field(min_length=5, max_length=20, pattern=r"^[A-Za-z0-9]+$")


class ChangeRequest(ApiModel):
    flight_id: int = Field(ge=1, description="the new flight, same route")
    leg: Leg = "outbound"


class ChangeOut(BookingOut):
    """The booking as changed, like every answer about one booking, with what the change cost."""

    fare_difference: float = Field(description="positive: charged; negative: credited")
    change_fee: float
    amount_charged: float
    amount_credited: float


class CancelRequest(ApiModel):
    refund_method: RefundMethod = "original_payment"


class CancellationQuote(OutModel):
    can_cancel: bool
    reason: str | None
    total_paid: float
    refundable_fare: bool
    flight_cancelled_by_airline: bool
    refund_to_original_payment: float = Field(description="back to the card")
    travel_credit_returned: float = Field(
        description="with a refund to the original payment: the part paid with travel credit, "
        "back as travel credit"
    )
    cancellation_fee: float
    travel_credit_alternative: float = Field(description="everything back as travel credit")


class CheckInRequest(ApiModel):
    leg: Leg | None = Field(None, description="default: the next flight not yet departed")
    passenger_ids: list[int] | None = Field(None, min_length=1, description="default: everyone")


class BoardingPassOut(OutModel):
    booking_reference: str
    passenger_id: int
    passenger_name: str
    leg: Leg
    flight_number: str
    date: dt.date
    origin: str
    destination: str
    departure: str
    departure_local: str
    cabin: Cabin
    seat: str
    gate: str | None
    boarding_time: str
    boarding_time_local: str
    sequence: int
    barcode: str


class BoardingPassList(OutModel):
    items: list[BoardingPassOut]
    total: int


class BagCreate(ApiModel):
    passenger_id: int = Field(ge=1)
    weight_kg: float = Field(gt=0, le=100)


class BagPage(OutModel):
    items: list[BagOut]
    total: int


# --- announcements and operations ----------------------------------------------------------


class AnnouncementOut(OutModel):
    id: int
    flight_id: int
    flight_number: str
    date: dt.date
    kind: str
    message: str
    created_at: str


class AnnouncementPage(OutModel):
    items: list[AnnouncementOut]
    total: int


class AnnouncementQuery(PageQuery):
    flight_id: int | None = Field(None, ge=1)
    flight_number: str | None = Field(None, max_length=8)
    date: IsoDate | None = None
    kind: Literal["delay", "cancellation", "gate_change", "status", "info"] | None = None


class FlightUpdate(ApiModel):
    status: FlightStatus | None = None
    delay_minutes: int | None = Field(
        None, ge=0, le=2880, description="minutes behind schedule; 0 puts it back on time"
    )
    gate: str | None = Field(None, min_length=1, max_length=10, pattern=r"^[A-Za-z0-9]+$")
    reason: str | None = Field(None, min_length=1, max_length=300)

    @model_validator(mode="after")
    def _something(self) -> FlightUpdate:
        if self.status is None and self.delay_minutes is None and self.gate is None:
            raise ValueError("give at least one of 'status', 'delay_minutes' or 'gate'")
        return self


class FlightUpdateOut(OutModel):
    flight: FlightOut
    announcements: list[AnnouncementOut]
    notified_bookings: list[str]


class AnnouncementCreate(ApiModel):
    flight_id: int = Field(ge=1)
    message: str = Field(min_length=1, max_length=1000)
