"""The airline seed schema, its loader and its exporter."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, field_validator, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.airline.models import (
    Airport,
    Announcement,
    Bag,
    Booking,
    Charge,
    Flight,
    FlightCabin,
    Passenger,
    PaymentMethod,
    Seat,
    Ticket,
    User,
)
from mock_services.airline.policy import (
    DEFAULT_FARE_CLASS,
    bag_fee_cents,
    booking_reference,
    cents,
    money,
    seat_positions,
)
from mock_services.core.base.clock import aware_utc, naive_utc, to_naive_utc
from mock_services.core.seeding.seed import (
    Loc,
    SeedContext,
    SeedDate,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.core.seeding.users import UserSeed, user_row, user_seed_fields

Cabin = Literal["economy", "premium_economy", "business"]
FlightStatus = Literal["scheduled", "delayed", "cancelled", "boarding", "departed", "landed"]
BookingStatus = Literal["confirmed", "changed", "cancelled"]
ChargeKind = Literal["fare", "seat", "bag", "change_fee", "fare_difference"]
AnnouncementKind = Literal["delay", "cancellation", "gate_change", "status", "info"]


class PaymentMethodSeed(SeedModel):
    id: int | None = None
    brand: Literal["visa", "mastercard", "amex"]
    last4: str = Field(pattern=r"^\d{4}$")
    expiry: str = Field(pattern=r"^(0[1-9]|1[0-2])/\d{2}$", description="MM/YY")
    label: str | None = None


class AirlineUserSeed(UserSeed):
    payment_methods: list[PaymentMethodSeed] = []
    travel_credit: float = Field(0, ge=0)


class AirportSeed(SeedModel):
    code: str = Field(pattern=r"^[A-Z]{3}$")
    name: str = Field(min_length=1, max_length=200)
    city: str = Field(min_length=1, max_length=100)
    country: str = Field(pattern=r"^[A-Z]{2}$")
    timezone: str

    @field_validator("timezone")
    @classmethod
    def _zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"unknown time zone {value!r}; expected an IANA name such as 'Europe/London'"
            ) from None
        return value


class CabinSeed(SeedModel):
    cabin: Cabin
    price: float = Field(ge=0, le=100_000, description="fare per passenger")
    fare_class: str | None = Field(None, min_length=1, max_length=20)
    refundable: bool = False
    rows: str = Field(pattern=r"^\d{1,2}-\d{1,2}$", examples=["10-30"])
    layout: str = Field(pattern=r"^[A-K]+(-[A-K]+)*$", examples=["ABC-DEF"])
    extra_legroom_rows: list[int] = []
    seat_fee: float = Field(0, ge=0)
    extra_legroom_fee: float = Field(0, ge=0)
    occupied: list[str] = Field([], description="seats held by passengers outside this system")


class FlightSeed(SeedModel):
    id: int | None = None
    number: str = Field(pattern=r"^[A-Z0-9]{2}\d{1,4}$")
    date: SeedDate = Field(description="departure date, local at the origin")
    origin: str
    destination: str
    departure_time: str = Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$", description="local")
    duration_minutes: int = Field(ge=15, le=1200)
    status: FlightStatus = "scheduled"
    delay_minutes: int | None = Field(None, ge=1, le=2880)
    gate: str | None = Field(None, max_length=10)
    aircraft: str = "A320"
    status_reason: str | None = None
    cabins: list[CabinSeed] = Field(min_length=1)

    @model_validator(mode="after")
    def _delay(self) -> FlightSeed:
        if self.status == "delayed" and self.delay_minutes is None:
            raise ValueError("a 'delayed' flight needs 'delay_minutes'")
        return self


class FlightRef(SeedModel):
    number: str
    date: SeedDate


class BagSeed(SeedModel):
    id: int | None = None
    weight_kg: float = Field(gt=0, le=32)
    fee: float | None = Field(None, ge=0, description="default: the fee policy")
    created_at: SeedDateTime | None = None


class PassengerSeed(SeedModel):
    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = Field(min_length=1, max_length=100)
    date_of_birth: date = Field(description="ISO date, e.g. 1986-04-12")
    passport_number: str | None = Field(None, max_length=20)
    seat: str | None = None
    seat_fee: float | None = Field(None, ge=0, description="default: the seat's fee")
    checked_in_at: SeedDateTime | None = None
    boarding_sequence: int | None = Field(None, ge=1)
    return_seat: str | None = None
    return_seat_fee: float | None = Field(None, ge=0)
    return_checked_in_at: SeedDateTime | None = None
    return_boarding_sequence: int | None = Field(None, ge=1)
    bags: list[BagSeed] = []


class ChargeSeed(SeedModel):
    id: int | None = None
    kind: ChargeKind
    amount: float
    description: str
    created_at: SeedDateTime | None = None


class BookingSeed(SeedModel):
    id: int | None = None
    reference: str | None = Field(None, pattern=r"^[A-Z0-9]{6}$")
    user: str
    flight: FlightRef
    return_flight: FlightRef | None = None
    cabin: Cabin = "economy"
    status: BookingStatus = "confirmed"
    payment_method: str | None = Field(None, description="last4 of one of the user's cards")
    card_summary: str | None = Field(None, min_length=1, max_length=60)
    passengers: list[PassengerSeed] = Field(min_length=1, max_length=9)
    charges: list[ChargeSeed] | None = Field(
        None, description="the money ledger; default: fares, seat fees and bag fees"
    )
    created_at: SeedDateTime | None = None
    changed_at: SeedDateTime | None = None
    cancelled_at: SeedDateTime | None = None
    travel_credit_used: float = Field(
        0, ge=0, description="part of the total paid with the user's travel credit"
    )
    refund_amount: float | None = Field(None, ge=0)
    refund_method: Literal["original_payment", "travel_credit"] | None = None
    cancellation_fee: float | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _payment(self) -> BookingSeed:
        if self.payment_method is None and self.card_summary is None:
            raise ValueError("give 'payment_method' (last4 of a saved card) or 'card_summary'")
        return self


class AnnouncementSeed(SeedModel):
    flight: FlightRef
    kind: AnnouncementKind = "info"
    message: str = Field(min_length=1, max_length=1000)
    created_at: SeedDateTime | None = None


class AirlineSeed(ServiceSeed):
    airports: list[AirportSeed] = []
    users: list[AirlineUserSeed] = []
    flights: list[FlightSeed] = []
    bookings: list[BookingSeed] = []
    announcements: list[AnnouncementSeed] = []


# --- loading ---------------------------------------------------------------------------------


def card_summary(pm: PaymentMethod | PaymentMethodSeed) -> str:
    return f"{pm.brand.upper()} ****{pm.last4}"


def _parse_rows(text: str) -> tuple[int, int]:
    first, last = (int(p) for p in text.split("-"))
    return first, last


def _legs_text(rows: str) -> list[int]:
    return [int(r) for r in rows.split(",") if r]


UserCards = dict[str, dict[str, tuple[int, str]]]  # username -> last4 -> (card id, summary)


@dataclass
class _FlightInfo:
    """What the bookings section checks against: a loaded flight, its cabins and seats."""

    origin: int
    destination: int
    departure: datetime
    arrival: datetime
    label: str
    cabins: dict[str, dict[str, Any]] = field(default_factory=dict)  # cabin -> its row
    seats: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat number -> its row


def load(session: Session, seed: AirlineSeed, ctx: SeedContext) -> None:
    user_cards = _load_users(session, seed, ctx)
    zones = _load_airports(session, seed, ctx)
    flights = _load_flights(session, seed, ctx, zones)
    _load_bookings(session, seed, ctx, flights, user_cards)
    _load_announcements(session, seed, ctx)


def _load_users(session: Session, seed: AirlineSeed, ctx: SeedContext) -> UserCards:
    """Users and their saved cards; returns each user's cards by last4."""
    users, cards = [], []
    pm_ids = iter(
        ctx.allocate_ids(
            [pm.id for u in seed.users for pm in u.payment_methods], ("users", "payment_methods")
        )
    )
    user_cards: UserCards = {}
    for i, user in enumerate(seed.users):
        ctx.register("user", user.username, i + 1, ("users", i, "username"))
        row = user_row("airline", user, i + 1)
        row["travel_credit_cents"] = cents(user.travel_credit)
        users.append(row)
        user_cards[user.username] = {}
        for j, pm in enumerate(user.payment_methods):
            pm_id = next(pm_ids)
            if pm.last4 in user_cards[user.username]:
                raise ctx.error(
                    ("users", i, "payment_methods", j, "last4"),
                    f"{user.username} already has a card ending in {pm.last4}",
                )
            user_cards[user.username][pm.last4] = (pm_id, card_summary(pm))
            cards.append(
                {
                    "id": pm_id,
                    "user_id": i + 1,
                    "brand": pm.brand,
                    "last4": pm.last4,
                    "expiry": pm.expiry,
                    "label": pm.label,
                }
            )
    if users:
        bulk_insert(session, User, users)
    if cards:
        bulk_insert(session, PaymentMethod, cards)
    return user_cards


def _load_airports(session: Session, seed: AirlineSeed, ctx: SeedContext) -> dict[int, ZoneInfo]:
    """Airports; returns each airport's time zone by id."""
    zones: dict[int, ZoneInfo] = {}
    airports = []
    for i, airport in enumerate(seed.airports):
        ctx.register("airport", airport.code, i + 1, ("airports", i, "code"))
        zones[i + 1] = ZoneInfo(airport.timezone)
        airports.append({"id": i + 1, **airport.model_dump()})
    if airports:
        bulk_insert(session, Airport, airports)
    return zones


def _load_flights(
    session: Session, seed: AirlineSeed, ctx: SeedContext, zones: dict[int, ZoneInfo]
) -> dict[int, _FlightInfo]:
    """Flights with their cabins and seats; returns what bookings need to know, by flight id."""
    flight_ids = ctx.allocate_ids([f.id for f in seed.flights], ("flights",))
    flight_rows, cabin_rows, seat_rows = [], [], []
    flights: dict[int, _FlightInfo] = {}
    for i, f in enumerate(seed.flights):
        loc = ("flights", i)
        row = _flight_row(ctx, f, flight_ids[i], loc, zones)
        flight_rows.append(row)
        info = _FlightInfo(
            origin=row["origin_id"],
            destination=row["destination_id"],
            departure=row["scheduled_departure"],
            arrival=row["scheduled_arrival"],
            label=f"{f.number} on {f.date.isoformat()}",
        )
        flights[row["id"]] = info
        used_rows: set[int] = set()
        for c, cabin in enumerate(f.cabins):
            cabin_row = _cabin_row(ctx, cabin, (*loc, "cabins", c), row["id"], info, used_rows)
            cabin_rows.append(cabin_row)
            seat_rows.extend(_cabin_seats(ctx, cabin, (*loc, "cabins", c), cabin_row, info))
    for k, seat in enumerate(seat_rows):
        seat["id"] = k + 1
    for k, cabin_row in enumerate(cabin_rows):
        cabin_row["id"] = k + 1
    for model, rows in ((Flight, flight_rows), (FlightCabin, cabin_rows), (Seat, seat_rows)):
        if rows:
            bulk_insert(session, model, rows)
    return flights


def _flight_row(
    ctx: SeedContext, f: FlightSeed, fid: int, loc: Loc, zones: dict[int, ZoneInfo]
) -> dict[str, Any]:
    """A flight's row; its local departure time becomes UTC at the origin's zone."""
    origin = ctx.ref("airport", f.origin, (*loc, "origin"))
    destination = ctx.ref("airport", f.destination, (*loc, "destination"))
    if origin == destination:
        raise ctx.error((*loc, "destination"), "destination must differ from origin")
    ctx.register("flight", (f.number, f.date), fid, (*loc, "number"))
    hour, minute = (int(p) for p in f.departure_time.split(":"))
    local = datetime(f.date.year, f.date.month, f.date.day, hour, minute, tzinfo=zones[origin])
    dep = to_naive_utc(local)
    arr = dep + timedelta(minutes=f.duration_minutes)
    delay = timedelta(minutes=f.delay_minutes) if f.delay_minutes else None
    return {
        "id": fid,
        "number": f.number,
        "departure_date": f.date,
        "origin_id": origin,
        "destination_id": destination,
        "scheduled_departure": dep,
        "scheduled_arrival": arr,
        "estimated_departure": dep + delay if delay else None,
        "estimated_arrival": arr + delay if delay else None,
        "status": f.status,
        "gate": f.gate,
        "aircraft": f.aircraft,
        "status_reason": f.status_reason,
    }


def _cabin_row(
    ctx: SeedContext,
    cabin: CabinSeed,
    loc: Loc,
    fid: int,
    flight: _FlightInfo,
    used_rows: set[int],
) -> dict[str, Any]:
    """A cabin's row, once its rows fit beside the flight's other cabins (``used_rows``)."""
    if cabin.cabin in flight.cabins:
        raise ctx.error((*loc, "cabin"), f"cabin {cabin.cabin!r} is listed twice")
    first, last = _parse_rows(cabin.rows)
    if first < 1 or last < first:
        raise ctx.error(
            (*loc, "rows"), f"rows {cabin.rows!r} must be 'first-last' with first <= last"
        )
    rows = set(range(first, last + 1))
    if rows & used_rows:
        raise ctx.error((*loc, "rows"), f"rows {cabin.rows!r} overlap another cabin's rows")
    used_rows |= rows
    letters = cabin.layout.replace("-", "")
    if len(set(letters)) != len(letters):
        raise ctx.error((*loc, "layout"), f"layout {cabin.layout!r} repeats a letter")
    for r, row in enumerate(cabin.extra_legroom_rows):
        if row not in rows:
            raise ctx.error(
                (*loc, "extra_legroom_rows", r),
                f"row {row} is outside the cabin's rows {cabin.rows}",
            )
    cabin_row = {
        "flight_id": fid,
        "cabin": cabin.cabin,
        "fare_class": cabin.fare_class or DEFAULT_FARE_CLASS[cabin.cabin],
        "price_cents": cents(cabin.price),
        "refundable": cabin.refundable,
        "first_row": first,
        "last_row": last,
        "layout": cabin.layout,
        "extra_legroom_rows": ",".join(str(r) for r in sorted(cabin.extra_legroom_rows)),
        "seat_fee_cents": cents(cabin.seat_fee),
        "extra_legroom_fee_cents": cents(cabin.extra_legroom_fee),
    }
    flight.cabins[cabin.cabin] = cabin_row
    return cabin_row


def _cabin_seats(
    ctx: SeedContext, cabin: CabinSeed, loc: Loc, cabin_row: dict[str, Any], flight: _FlightInfo
) -> list[dict[str, Any]]:
    """Every seat of a cabin; those ``occupied`` by outside passengers are blocked."""
    seats = []
    legroom = set(cabin.extra_legroom_rows)
    for row in range(cabin_row["first_row"], cabin_row["last_row"] + 1):
        for letter, position in seat_positions(cabin.layout):
            extra = row in legroom
            seat = {
                "flight_id": cabin_row["flight_id"],
                "cabin": cabin.cabin,
                "number": f"{row}{letter}",
                "row": row,
                "letter": letter,
                "position": position,
                "extra_legroom": extra,
                "fee_cents": cabin_row["extra_legroom_fee_cents" if extra else "seat_fee_cents"],
                "blocked": False,
            }
            seats.append(seat)
            flight.seats[seat["number"]] = seat
    for o, number in enumerate(cabin.occupied):
        taken = flight.seats.get(number)
        if taken is None or taken["cabin"] != cabin.cabin:
            raise ctx.error((*loc, "occupied", o), f"seat {number!r} is not in this cabin")
        if taken["blocked"]:
            raise ctx.error((*loc, "occupied", o), f"seat {number!r} is listed twice")
        taken["blocked"] = True
    return seats


def _load_bookings(
    session: Session,
    seed: AirlineSeed,
    ctx: SeedContext,
    flights: dict[int, _FlightInfo],
    user_cards: UserCards,
) -> None:
    """Bookings with their passengers, tickets, bags and charges. Children are numbered in
    booking-id order, as the service creates them."""
    booking_ids = ctx.allocate_ids([b.id for b in seed.bookings], ("bookings",))
    taken_refs = _pinned_references(seed, ctx)
    rows = _Bookings(ctx, flights, user_cards)
    for i in sorted(range(len(seed.bookings)), key=lambda k: booking_ids[k]):
        b = seed.bookings[i]
        reference = b.reference or _free_reference(booking_ids[i], taken_refs)
        taken_refs.add(reference)
        rows.add(b, ("bookings", i), booking_ids[i], reference)
    for children in (rows.bags, rows.charges):
        ids = ctx.allocate_ids(
            [r["pinned"] for r in children], children[0]["loc"] if children else ()
        )
        for r, row_id in zip(children, ids, strict=True):
            r["id"] = row_id
            del r["pinned"], r["loc"]
    if rows.bookings:
        bulk_insert(session, Booking, rows.bookings)
        bulk_insert(session, Passenger, rows.passengers)
        bulk_insert(session, Ticket, rows.tickets)
    if rows.bags:
        bulk_insert(session, Bag, rows.bags)
    if rows.charges:
        bulk_insert(session, Charge, rows.charges)


def _pinned_references(seed: AirlineSeed, ctx: SeedContext) -> set[str]:
    pinned: set[str] = set()
    for i, b in enumerate(seed.bookings):
        if b.reference is not None:
            if b.reference in pinned:
                raise ctx.error(
                    ("bookings", i, "reference"), f"reference {b.reference!r} is used twice"
                )
            pinned.add(b.reference)
    return pinned


def _free_reference(booking_id: int, taken: set[str]) -> str:
    """The booking id's reference code, stepping around codes already taken."""
    attempt = 0
    reference = booking_reference(booking_id)
    while reference in taken:
        attempt += 1
        reference = booking_reference(booking_id, attempt)
    return reference


@dataclass
class _Bookings:
    """The bookings section's rows, and the seats and boarding numbers given out so far."""

    ctx: SeedContext
    flights: dict[int, _FlightInfo]
    user_cards: UserCards
    bookings: list[dict[str, Any]] = field(default_factory=list)
    passengers: list[dict[str, Any]] = field(default_factory=list)
    tickets: list[dict[str, Any]] = field(default_factory=list)
    bags: list[dict[str, Any]] = field(default_factory=list)  # ids allocated at the end
    charges: list[dict[str, Any]] = field(default_factory=list)  # ids allocated at the end
    held: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))  # flight: seats
    sequence: dict[int, int] = field(default_factory=lambda: defaultdict(int))  # last boarded

    def add(self, b: BookingSeed, loc: Loc, bid: int, reference: str) -> None:
        ctx = self.ctx
        user_id = ctx.ref("user", b.user, (*loc, "user"))
        created = naive_utc(b.created_at) or to_naive_utc(ctx.now)
        legs = self._legs(b, loc)
        pm_id, summary = self._payment(b, loc)
        if b.status == "cancelled" and b.cancelled_at is None:
            raise ctx.error((*loc, "cancelled_at"), "a cancelled booking needs 'cancelled_at'")
        pax = len(b.passengers)
        auto_charges = [
            {
                "kind": "fare",
                "amount_cents": self.flights[fid].cabins[b.cabin]["price_cents"] * pax,
                "description": f"{b.cabin} fare {self.flights[fid].label} x{pax}",
            }
            for _leg, fid in legs
        ]
        for p_index, p in enumerate(b.passengers):
            ploc = (*loc, "passengers", p_index)
            auto_charges += self._passenger(b, p, ploc, bid, legs, created)
        total = self._charges(b, loc, bid, auto_charges, created)
        if cents(b.travel_credit_used) > total:
            raise ctx.error(
                (*loc, "travel_credit_used"),
                f"travel_credit_used {b.travel_credit_used} exceeds the booking total "
                f"{money(total)}",
            )
        self.bookings.append(
            {
                "id": bid,
                "reference": reference,
                "user_id": user_id,
                "outbound_flight_id": legs[0][1],
                "return_flight_id": legs[1][1] if len(legs) > 1 else None,
                "cabin": b.cabin,
                "status": b.status,
                "payment_method_id": pm_id,
                "card_summary": summary,
                "total_price_cents": total,
                "travel_credit_used_cents": cents(b.travel_credit_used),
                "refund_amount_cents": _cents_or_none(b.refund_amount),
                "refund_method": b.refund_method,
                "cancellation_fee_cents": _cents_or_none(b.cancellation_fee),
                "created_at": created,
                "changed_at": naive_utc(b.changed_at),
                "cancelled_at": naive_utc(b.cancelled_at),
            }
        )

    def _legs(self, b: BookingSeed, loc: Loc) -> list[tuple[str, int]]:
        """(leg, flight id) of the booking; a return flight must fly the route back."""
        ctx = self.ctx
        out_id = ctx.ref("flight", (b.flight.number, b.flight.date), (*loc, "flight"))
        legs = [("outbound", out_id)]
        if b.return_flight is not None:
            ret_id = ctx.ref(
                "flight", (b.return_flight.number, b.return_flight.date), (*loc, "return_flight")
            )
            out, ret = self.flights[out_id], self.flights[ret_id]
            if ret.origin != out.destination or ret.destination != out.origin:
                raise ctx.error(
                    (*loc, "return_flight"),
                    f"{ret.label} does not fly back from the outbound flight's destination "
                    "to its origin",
                )
            if ret.departure <= out.arrival:
                raise ctx.error(
                    (*loc, "return_flight"), f"{ret.label} departs before the outbound arrives"
                )
            legs.append(("return", ret_id))
        for _leg, fid in legs:
            if b.cabin not in self.flights[fid].cabins:
                raise ctx.error(
                    (*loc, "cabin"),
                    f"{self.flights[fid].label} has no {b.cabin} cabin; expected one of: "
                    f"{', '.join(self.flights[fid].cabins)}",
                )
        return legs

    def _payment(self, b: BookingSeed, loc: Loc) -> tuple[int | None, str | None]:
        """The saved card id (None for a card summary only) and the card summary."""
        if b.payment_method is None:
            return None, b.card_summary
        found = self.user_cards.get(b.user, {}).get(b.payment_method)
        if found is None:
            known = ", ".join(self.user_cards.get(b.user, {})) or "none"
            raise self.ctx.error(
                (*loc, "payment_method"),
                f"{b.user} has no saved card ending in {b.payment_method!r}; "
                f"expected one of: {known}",
            )
        pm_id, card = found
        return pm_id, b.card_summary or card

    def _passenger(
        self,
        b: BookingSeed,
        p: PassengerSeed,
        loc: Loc,
        bid: int,
        legs: list[tuple[str, int]],
        created: datetime,
    ) -> list[dict[str, Any]]:
        """A passenger with a ticket per leg and their bags; returns the fees to charge."""
        pid = len(self.passengers) + 1
        self.passengers.append(
            {
                "id": pid,
                "booking_id": bid,
                "first_name": p.first_name,
                "last_name": p.last_name,
                "date_of_birth": p.date_of_birth,
                "passport_number": p.passport_number,
            }
        )
        charges = []
        for leg, fid in legs:
            charges += self._ticket(b, p, loc, bid, pid, leg, fid)
        for g, bag in enumerate(p.bags):
            fee, overweight = bag_fee_cents(b.cabin, g, bag.weight_kg, len(legs))
            if bag.fee is not None:
                fee = cents(bag.fee)
            self.bags.append(
                {
                    "pinned": bag.id,
                    "booking_id": bid,
                    "passenger_id": pid,
                    "weight_kg": bag.weight_kg,
                    "fee_cents": fee,
                    "overweight": overweight,
                    "created_at": naive_utc(bag.created_at) or created,
                    "loc": (*loc, "bags"),
                }
            )
            if fee:
                charges.append(
                    {
                        "kind": "bag",
                        "amount_cents": fee,
                        "description": f"checked bag {bag.weight_kg:g} kg for "
                        f"{p.first_name} {p.last_name}",
                    }
                )
        return charges

    def _ticket(
        self, b: BookingSeed, p: PassengerSeed, loc: Loc, bid: int, pid: int, leg: str, fid: int
    ) -> list[dict[str, Any]]:
        """The passenger's ticket on one leg, on a free seat if one is given; returns its fee."""
        prefix = "" if leg == "outbound" else "return_"
        seat_no = getattr(p, f"{prefix}seat")
        fee_given = getattr(p, f"{prefix}seat_fee")
        checked = getattr(p, f"{prefix}checked_in_at")
        seq = getattr(p, f"{prefix}boarding_sequence")
        flight = self.flights[fid]
        charges = []
        seat_id, fee = None, 0
        if seat_no is not None:
            seat = flight.seats.get(seat_no)
            if seat is None or seat["cabin"] != b.cabin:
                raise self.ctx.error(
                    (*loc, f"{prefix}seat"),
                    f"seat {seat_no!r} is not a {b.cabin} seat on {flight.label}",
                )
            if seat["blocked"] or (b.status != "cancelled" and seat["id"] in self.held[fid]):
                raise self.ctx.error(
                    (*loc, f"{prefix}seat"), f"seat {seat_no} on {flight.label} is already taken"
                )
            if b.status != "cancelled":
                self.held[fid].add(seat["id"])
            seat_id = seat["id"]
            fee = cents(fee_given) if fee_given is not None else seat["fee_cents"]
            if fee:
                charges.append(
                    {
                        "kind": "seat",
                        "amount_cents": fee,
                        "description": f"seat {seat_no} {flight.label} "
                        f"for {p.first_name} {p.last_name}",
                    }
                )
        if checked is not None and seq is None:
            seq = self.sequence[fid] + 1
        if seq is not None:
            if checked is None:
                raise self.ctx.error(
                    (*loc, f"{prefix}boarding_sequence"),
                    f"a boarding sequence needs '{prefix}checked_in_at'",
                )
            self.sequence[fid] = max(self.sequence[fid], seq)
        self.tickets.append(
            {
                "id": len(self.tickets) + 1,
                "booking_id": bid,
                "passenger_id": pid,
                "flight_id": fid,
                "leg": leg,
                "seat_id": seat_id,
                "seat_fee_cents": fee,
                "checked_in_at": naive_utc(checked),
                "boarding_sequence": seq,
            }
        )
        return charges

    def _charges(
        self,
        b: BookingSeed,
        loc: Loc,
        bid: int,
        auto_charges: list[dict[str, Any]],
        created: datetime,
    ) -> int:
        """The booking's ledger (``charges``, or else the fees found); returns its total."""
        if b.charges is None:
            charges = [{**c, "pinned": None, "created_at": created} for c in auto_charges]
        else:
            charges = [
                {
                    "pinned": c.id,
                    "kind": c.kind,
                    "amount_cents": cents(c.amount),
                    "description": c.description,
                    "created_at": naive_utc(c.created_at) or created,
                }
                for c in b.charges
            ]
        for c in charges:
            c["booking_id"] = bid
            c["loc"] = (*loc, "charges")
        self.charges.extend(charges)
        return sum(c["amount_cents"] for c in charges)


def _cents_or_none(amount: float | None) -> int | None:
    return cents(amount) if amount is not None else None


def _load_announcements(session: Session, seed: AirlineSeed, ctx: SeedContext) -> None:
    now = to_naive_utc(ctx.now)
    announcements = []
    for i, a in enumerate(seed.announcements):
        fid = ctx.ref("flight", (a.flight.number, a.flight.date), ("announcements", i, "flight"))
        announcements.append(
            {
                "id": i + 1,
                "flight_id": fid,
                "kind": a.kind,
                "message": a.message,
                "created_at": naive_utc(a.created_at) or now,
            }
        )
    if announcements:
        bulk_insert(session, Announcement, announcements)


# --- export ----------------------------------------------------------------------------------


def dump(session: Session, ctx: SeedContext) -> AirlineSeed:
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    cards = session.scalars(select(PaymentMethod).order_by(PaymentMethod.id)).all()
    cards_by_user: dict[int, list[PaymentMethod]] = defaultdict(list)
    for pm in cards:
        cards_by_user[pm.user_id].append(pm)
    airports = {a.id: a for a in session.scalars(select(Airport).order_by(Airport.id))}
    flights = session.scalars(select(Flight).order_by(Flight.id)).all()
    cabins: dict[int, list[FlightCabin]] = defaultdict(list)
    for c in session.scalars(select(FlightCabin).order_by(FlightCabin.id)):
        cabins[c.flight_id].append(c)
    seats = {s.id: s for s in session.scalars(select(Seat).order_by(Seat.id))}
    blocked: dict[tuple[int, str], list[str]] = defaultdict(list)
    for s in seats.values():
        if s.blocked:
            blocked[(s.flight_id, s.cabin)].append(s.number)
    refs = {f.id: FlightRef(number=f.number, date=f.departure_date) for f in flights}

    flight_seeds = []
    for f in flights:
        zone = ZoneInfo(airports[f.origin_id].timezone)
        local = f.scheduled_departure.replace(tzinfo=UTC).astimezone(zone)
        delay = None
        if f.estimated_departure is not None:
            delay = int((f.estimated_departure - f.scheduled_departure).total_seconds() // 60)
        flight_seeds.append(
            FlightSeed(
                id=f.id,
                number=f.number,
                date=f.departure_date,
                origin=airports[f.origin_id].code,
                destination=airports[f.destination_id].code,
                departure_time=local.strftime("%H:%M"),
                duration_minutes=int(
                    (f.scheduled_arrival - f.scheduled_departure).total_seconds() // 60
                ),
                status=f.status,
                delay_minutes=delay,
                gate=f.gate,
                aircraft=f.aircraft,
                status_reason=f.status_reason,
                cabins=[
                    CabinSeed(
                        cabin=c.cabin,
                        price=money(c.price_cents),
                        fare_class=None
                        if c.fare_class == DEFAULT_FARE_CLASS[c.cabin]
                        else c.fare_class,
                        refundable=c.refundable,
                        rows=f"{c.first_row}-{c.last_row}",
                        layout=c.layout,
                        extra_legroom_rows=_legs_text(c.extra_legroom_rows),
                        seat_fee=money(c.seat_fee_cents),
                        extra_legroom_fee=money(c.extra_legroom_fee_cents),
                        occupied=blocked.get((f.id, c.cabin), []),
                    )
                    for c in cabins[f.id]
                ],
            )
        )

    bookings = session.scalars(select(Booking).order_by(Booking.id)).all()
    passengers: dict[int, list[Passenger]] = defaultdict(list)
    for p in session.scalars(select(Passenger).order_by(Passenger.id)):
        passengers[p.booking_id].append(p)
    tickets: dict[tuple[int, str], Ticket] = {}
    for t in session.scalars(select(Ticket).order_by(Ticket.id)):
        tickets[(t.passenger_id, t.leg)] = t
    bags: dict[int, list[Bag]] = defaultdict(list)
    for bag in session.scalars(select(Bag).order_by(Bag.id)):
        bags[bag.passenger_id].append(bag)
    charges: dict[int, list[Charge]] = defaultdict(list)
    for charge in session.scalars(select(Charge).order_by(Charge.id)):
        charges[charge.booking_id].append(charge)
    pm_last4 = {pm.id: pm.last4 for pm in cards}

    def leg_fields(p: Passenger, leg: str) -> dict[str, Any]:
        t = tickets.get((p.id, leg))
        prefix = "" if leg == "outbound" else "return_"
        if t is None:
            return {}
        seat = seats[t.seat_id] if t.seat_id is not None else None
        return {
            f"{prefix}seat": seat.number if seat else None,
            f"{prefix}seat_fee": money(t.seat_fee_cents)
            if seat is not None and t.seat_fee_cents != seat.fee_cents
            else None,
            f"{prefix}checked_in_at": aware_utc(t.checked_in_at),
            f"{prefix}boarding_sequence": t.boarding_sequence,
        }

    booking_seeds = []
    for b in bookings:
        card_id = b.payment_method_id
        summary_default = None
        if card_id is not None:
            card = next(c for c in cards if c.id == card_id)
            summary_default = card_summary(card)
        booking_seeds.append(
            BookingSeed(
                id=b.id,
                reference=b.reference,
                user=names[b.user_id],
                flight=refs[b.outbound_flight_id],
                return_flight=refs[b.return_flight_id] if b.return_flight_id else None,
                cabin=b.cabin,
                status=b.status,
                payment_method=pm_last4[card_id] if card_id is not None else None,
                card_summary=None if b.card_summary == summary_default else b.card_summary,
                passengers=[
                    PassengerSeed(
                        first_name=p.first_name,
                        last_name=p.last_name,
                        date_of_birth=p.date_of_birth,
                        passport_number=p.passport_number,
                        **leg_fields(p, "outbound"),
                        **leg_fields(p, "return"),
                        bags=[
                            BagSeed(
                                id=bag.id,
                                weight_kg=bag.weight_kg,
                                fee=money(bag.fee_cents),
                                created_at=aware_utc(bag.created_at),
                            )
                            for bag in bags[p.id]
                        ],
                    )
                    for p in passengers[b.id]
                ],
                charges=[
                    ChargeSeed(
                        id=c.id,
                        kind=c.kind,
                        amount=money(c.amount_cents),
                        description=c.description,
                        created_at=aware_utc(c.created_at),
                    )
                    for c in charges[b.id]
                ],
                created_at=aware_utc(b.created_at),
                changed_at=aware_utc(b.changed_at),
                cancelled_at=aware_utc(b.cancelled_at),
                travel_credit_used=money(b.travel_credit_used_cents),
                refund_amount=money(b.refund_amount_cents)
                if b.refund_amount_cents is not None
                else None,
                refund_method=b.refund_method,
                cancellation_fee=money(b.cancellation_fee_cents)
                if b.cancellation_fee_cents is not None
                else None,
            )
        )

    return AirlineSeed(
        airports=[
            AirportSeed(
                code=a.code, name=a.name, city=a.city, country=a.country, timezone=a.timezone
            )
            for a in airports.values()
        ],
        users=[
            AirlineUserSeed(
                **user_seed_fields(u),
                travel_credit=money(u.travel_credit_cents),
                payment_methods=[
                    PaymentMethodSeed(
                        id=pm.id, brand=pm.brand, last4=pm.last4, expiry=pm.expiry, label=pm.label
                    )
                    for pm in cards_by_user[u.id]
                ],
            )
            for u in users
        ],
        flights=flight_seeds,
        bookings=booking_seeds,
        announcements=[
            AnnouncementSeed(
                flight=refs[a.flight_id],
                kind=a.kind,
                message=a.message,
                created_at=aware_utc(a.created_at),
            )
            for a in session.scalars(select(Announcement).order_by(Announcement.id))
        ],
    )
