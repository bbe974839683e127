"""The airline's seed document: airports, users (with saved cards), flights (with cabins, whose
seats are derived), bookings (with passengers, their bags, and a ledger) and announcements,
referenced by natural keys (username, airport code, flight number and date, card last4)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import date, datetime, time, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, field_validator, model_validator
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
from mock_services.core.base.clock import (
    aware_utc,
    local_moment,
    naive_utc,
    naive_utc_at,
    zone,
)
from mock_services.core.seeding.seed import (
    Loc,
    SeedContext,
    SeedDate,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Derived,
    Entity,
    Entry,
    Exporting,
    Hook,
    Loading,
    Ref,
    Row,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed

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


# --- Load and export: one mapping per entity ---------------------------------------------------

_PREFIX = {"outbound": "", "return": "return_"}  # a passenger's seed fields of each leg


def card_summary(pm: PaymentMethod | PaymentMethodSeed) -> str:
    """How a booking paid with a saved card shows it: ``VISA ****4242``."""
    return _card_text(pm.brand, pm.last4)


def _card_text(brand: str, last4: str) -> str:
    return f"{brand.upper()} ****{last4}"


def _money(seed: str, column: str) -> ColumnField:
    """An amount: units in the seed, cents in the row."""
    return ColumnField(seed, column, cents, money)


def _card_once(entry: Entry) -> None:
    """A user saves one card per last4."""
    last4 = entry.row["last4"]
    if any(row["last4"] == last4 for row in entry.loading.earlier("payment", "user_id", entry)):
        assert entry.parent is not None
        raise entry.ctx.error(
            (*entry.loc, "last4"),
            f"{entry.parent.seed.username} already has a card ending in {last4}",
        )


# flights and their cabins


def _flight_number(entry: Entry) -> str:
    """The flight's number; with its date it names the flight (kind ``flight``)."""
    flight = entry.seed
    key = (flight.number, flight.date)
    entry.ctx.register("flight", key, entry.row["id"], (*entry.loc, "number"))
    return str(flight.number)


def _departure(entry: Entry) -> datetime:
    """The scheduled departure, naive UTC: the local time given, in the origin's zone."""
    flight = entry.seed
    tz = zone(entry.loading.rows["airport"][entry.row["origin_id"]]["timezone"])
    hour, minute = (int(part) for part in flight.departure_time.split(":"))
    return naive_utc_at(flight.date, time(hour, minute), tz)


def _local_departure(flight: Flight, export: Exporting) -> str:
    tz = zone(export.objects["airport"][flight.origin_id].timezone)
    return local_moment(flight.scheduled_departure, tz).strftime("%H:%M")


def _minutes(later: datetime, earlier: datetime) -> int:
    return int((later - earlier).total_seconds() // 60)


def _delayed(column: str) -> Callable[[Entry], datetime | None]:
    """The estimated time of a delayed flight: ``column``, the scheduled one, plus the delay."""

    def estimated(entry: Entry) -> datetime | None:
        delay = entry.seed.delay_minutes
        return entry.row[column] + timedelta(minutes=delay) if delay else None

    return estimated


def _delay_shown(flight: Flight, _: Exporting) -> int | None:
    if flight.estimated_departure is None:
        return None
    return _minutes(flight.estimated_departure, flight.scheduled_departure)


def _elsewhere(entry: Entry) -> None:
    if entry.row["origin_id"] == entry.row["destination_id"]:
        raise entry.ctx.error((*entry.loc, "destination"), "destination must differ from origin")


def _row_bound(index: int) -> Callable[[Entry], int]:
    """The first (0) or last (1) row of a cabin's ``rows`` 'first-last'."""
    return lambda entry: int(entry.seed.rows.split("-")[index])


def _fare_class_shown(cabin: FlightCabin, _: Exporting) -> str | None:
    return None if cabin.fare_class == DEFAULT_FARE_CLASS[cabin.cabin] else cabin.fare_class


def _legroom_text(rows: list[int]) -> str:
    return ",".join(str(row) for row in sorted(rows))


def _legroom_rows(text: str) -> list[int]:
    return [int(row) for row in text.split(",") if row]


def _occupied(cabin: FlightCabin, export: Exporting) -> list[str]:
    """The cabin's seats held by passengers outside this system."""
    blocked = export.grouped("seat", "flight_id", "cabin", "blocked")
    return [seat.number for seat in blocked.get((cabin.flight_id, cabin.cabin, True), [])]


def _cabin_fits(entry: Entry) -> None:
    """A flight lists a cabin once, on rows 'first-last' no other of its cabins uses, with each
    seat letter once and its extra-legroom rows among its rows."""
    cabin, row, loc = entry.seed, entry.row, entry.loc
    earlier = entry.loading.earlier("cabin", "flight_id", entry)
    if any(other["cabin"] == cabin.cabin for other in earlier):
        raise entry.ctx.error((*loc, "cabin"), f"cabin {cabin.cabin!r} is listed twice")
    first, last = row["first_row"], row["last_row"]
    if first < 1 or last < first:
        raise entry.ctx.error(
            (*loc, "rows"), f"rows {cabin.rows!r} must be 'first-last' with first <= last"
        )
    if any(other["first_row"] <= last and first <= other["last_row"] for other in earlier):
        raise entry.ctx.error((*loc, "rows"), f"rows {cabin.rows!r} overlap another cabin's rows")
    letters = cabin.layout.replace("-", "")
    if len(set(letters)) != len(letters):
        raise entry.ctx.error((*loc, "layout"), f"layout {cabin.layout!r} repeats a letter")
    for r, legroom in enumerate(cabin.extra_legroom_rows):
        if not first <= legroom <= last:
            raise entry.ctx.error(
                (*loc, "extra_legroom_rows", r),
                f"row {legroom} is outside the cabin's rows {cabin.rows}",
            )


def _seats_by_flight(loading: Loading) -> dict[int, dict[str, Row]]:
    """The seat rows of each flight by number (``_fill_seats`` fills them)."""
    seats: dict[int, dict[str, Row]] = loading.once("seats by flight", dict)
    return seats


def _fill_seats(session: Session, loading: Loading) -> None:
    """Every seat of every cabin, in cabin order; a cabin's ``occupied`` ones are blocked."""
    by_flight = _seats_by_flight(loading)
    seats: list[Row] = []
    cabins = iter(loading.rows["cabin"].values())
    for i, flight in enumerate(loading.document.flights):
        for c, cabin in enumerate(flight.cabins):
            cabin_row = next(cabins)
            found = _cabin_seats(loading.ctx, cabin, cabin_row, ("flights", i, "cabins", c))
            by_flight.setdefault(cabin_row["flight_id"], {}).update(found)
            seats += found.values()
    for seat_id, seat in enumerate(seats, 1):
        seat["id"] = seat_id
    bulk_insert(session, Seat, seats)


def _cabin_seats(ctx: SeedContext, cabin: CabinSeed, cabin_row: Row, loc: Loc) -> dict[str, Row]:
    """The seats of one cabin by number, those ``occupied`` by outside passengers blocked."""
    seats: dict[str, Row] = {}
    legroom, positions = set(cabin.extra_legroom_rows), seat_positions(cabin.layout)
    for row in range(cabin_row["first_row"], cabin_row["last_row"] + 1):
        extra = row in legroom
        fee = cabin_row["extra_legroom_fee_cents" if extra else "seat_fee_cents"]
        for letter, position in positions:
            number = f"{row}{letter}"
            seats[number] = {
                "flight_id": cabin_row["flight_id"],
                "cabin": cabin.cabin,
                "number": number,
                "row": row,
                "letter": letter,
                "position": position,
                "extra_legroom": extra,
                "fee_cents": fee,
                "blocked": False,
            }
    for o, number in enumerate(cabin.occupied):
        taken = seats.get(number)
        if taken is None:
            raise ctx.error((*loc, "occupied", o), f"seat {number!r} is not in this cabin")
        if taken["blocked"]:
            raise ctx.error((*loc, "occupied", o), f"seat {number!r} is listed twice")
        taken["blocked"] = True
    return seats


# bookings


def _flight_label(flight: Row) -> str:
    return f"{flight['number']} on {flight['departure_date'].isoformat()}"


def _flight_id(seed: str) -> Callable[[Entry], int | None]:
    """The id of the flight seed field ``seed`` names by number and date."""

    def flight_id(entry: Entry) -> int | None:
        ref = getattr(entry.seed, seed)
        if ref is None:
            return None
        return entry.ctx.ref("flight", (ref.number, ref.date), (*entry.loc, seed))

    return flight_id


def _flight_ref(column: str) -> Callable[[Any, Exporting], FlightRef | None]:
    """The number and date of the flight ``column`` holds."""

    def flight_ref(obj: Any, export: Exporting) -> FlightRef | None:
        flight_id = getattr(obj, column)
        if flight_id is None:
            return None
        flight = export.objects["flight"][flight_id]
        return FlightRef(number=flight.number, date=flight.departure_date)

    return flight_ref


def _return_flight(entry: Entry) -> int | None:
    """The return flight, which must fly the route back after the outbound arrives."""
    return_id = _flight_id("return_flight")(entry)
    if return_id is None:
        return None
    flights, loc = entry.loading.rows["flight"], (*entry.loc, "return_flight")
    out, back = flights[entry.row["outbound_flight_id"]], flights[return_id]
    if back["origin_id"] != out["destination_id"] or back["destination_id"] != out["origin_id"]:
        raise entry.ctx.error(
            loc,
            f"{_flight_label(back)} does not fly back from the outbound flight's destination "
            "to its origin",
        )
    if back["scheduled_departure"] <= out["scheduled_arrival"]:
        raise entry.ctx.error(loc, f"{_flight_label(back)} departs before the outbound arrives")
    return return_id


def _legs(booking: Row) -> list[tuple[str, int]]:
    """(leg, flight id) of a booking's row."""
    legs = [("outbound", booking["outbound_flight_id"])]
    if booking["return_flight_id"] is not None:
        legs.append(("return", booking["return_flight_id"]))
    return legs


def _cabin_flown(entry: Entry) -> str:
    """The booked cabin, which the flight of every leg must have."""
    cabin = entry.seed.cabin
    for _leg, flight_id in _legs(entry.row):
        cabins = [row["cabin"] for row in entry.loading.grouped("cabin", "flight_id")[flight_id]]
        if cabin not in cabins:
            flight = entry.loading.rows["flight"][flight_id]
            raise entry.ctx.error(
                (*entry.loc, "cabin"),
                f"{_flight_label(flight)} has no {cabin} cabin; expected one of: "
                f"{', '.join(cabins)}",
            )
    return str(cabin)


def _card_id(entry: Entry) -> int | None:
    """The user's saved card the booking names by last4 (none: a card summary only)."""
    booking = entry.seed
    if booking.payment_method is None:
        return None
    cards = entry.loading.grouped("payment", "user_id").get(entry.row["user_id"], [])
    for card in cards:
        if card["last4"] == booking.payment_method:
            return int(card["id"])
    known = ", ".join(card["last4"] for card in cards) or "none"
    raise entry.ctx.error(
        (*entry.loc, "payment_method"),
        f"{booking.user} has no saved card ending in {booking.payment_method!r}; "
        f"expected one of: {known}",
    )


def _card_last4(booking: Booking, export: Exporting) -> str | None:
    card_id = booking.payment_method_id
    return export.objects["payment"][card_id].last4 if card_id is not None else None


def _card_summary(entry: Entry) -> str | None:
    """The summary given, else the saved card's."""
    given, card_id = entry.seed.card_summary, entry.row["payment_method_id"]
    if given is not None or card_id is None:
        return given
    card = entry.loading.rows["payment"][card_id]
    return _card_text(card["brand"], card["last4"])


def _card_summary_shown(booking: Booking, export: Exporting) -> str | None:
    card_id = booking.payment_method_id
    default = card_summary(export.objects["payment"][card_id]) if card_id is not None else None
    return None if booking.card_summary == default else booking.card_summary


def _reference(entry: Entry) -> str:
    """The reference pinned, else the booking id's code stepping around codes taken."""
    taken: set[str] = entry.loading.once("references", lambda: _pinned_references(entry))
    reference = entry.seed.reference or _free_reference(entry.row["id"], taken)
    taken.add(reference)
    return str(reference)


def _pinned_references(entry: Entry) -> set[str]:
    pinned: set[str] = set()
    for i, booking in enumerate(entry.loading.document.bookings):
        if booking.reference is not None:
            if booking.reference in pinned:
                raise entry.ctx.error(
                    ("bookings", i, "reference"), f"reference {booking.reference!r} is used twice"
                )
            pinned.add(booking.reference)
    return pinned


def _free_reference(booking_id: int, taken: set[str]) -> str:
    """The booking id's reference code, stepping around codes already taken."""
    attempt = 0
    reference = booking_reference(booking_id)
    while reference in taken:
        attempt += 1
        reference = booking_reference(booking_id, attempt)
    return reference


def _seat(
    loading: Loading,
    booking: BookingSeed,
    passenger: PassengerSeed,
    loc: Loc,
    leg: tuple[str, int],
) -> Row | None:
    """The seat the passenger at ``loc`` has on a leg, which must be one of the booked
    cabin's."""
    prefix, flight_id = _PREFIX[leg[0]], leg[1]
    number = getattr(passenger, f"{prefix}seat")
    if number is None:
        return None
    seat = _seats_by_flight(loading).get(flight_id, {}).get(number)
    if seat is None or seat["cabin"] != booking.cabin:
        flight = loading.rows["flight"][flight_id]
        raise loading.ctx.error(
            (*loc, f"{prefix}seat"),
            f"seat {number!r} is not a {booking.cabin} seat on {_flight_label(flight)}",
        )
    return seat


def _seat_fee(passenger: PassengerSeed, leg: str, seat: Row) -> int:
    """The fee given for a passenger's seat on a leg, else the seat's."""
    given = getattr(passenger, f"{_PREFIX[leg]}seat_fee")
    return cents(given) if given is not None else int(seat["fee_cents"])


def _bag_fee(booking: BookingSeed, index: int, bag: BagSeed) -> tuple[int, bool]:
    """A passenger's ``index``-th bag's fee (as given, else the fee policy's), and if it is
    overweight."""
    legs = 2 if booking.return_flight is not None else 1
    fee, overweight = bag_fee_cents(booking.cabin, index, bag.weight_kg, legs)
    return (cents(bag.fee) if bag.fee is not None else fee), overweight


def _fees(loading: Loading, booking: BookingSeed, loc: Loc, row: Row) -> list[Row]:
    """The charges a booking without ``charges`` gets: each leg's fare, then each passenger's
    seat fees and bag fees."""
    flights, pax = loading.rows["flight"], len(booking.passengers)
    legs = _legs(row)
    charges = []
    for _leg, flight_id in legs:
        cabins = loading.grouped("cabin", "flight_id")[flight_id]
        price = next(cabin["price_cents"] for cabin in cabins if cabin["cabin"] == booking.cabin)
        charges.append(
            {
                "kind": "fare",
                "amount_cents": price * pax,
                "description": f"{booking.cabin} fare {_flight_label(flights[flight_id])} x{pax}",
            }
        )
    for p, passenger in enumerate(booking.passengers):
        name = f"{passenger.first_name} {passenger.last_name}"
        for leg in legs:
            seat = _seat(loading, booking, passenger, (*loc, "passengers", p), leg)
            fee = _seat_fee(passenger, leg[0], seat) if seat is not None else 0
            if seat is not None and fee:
                label = _flight_label(flights[leg[1]])
                description = f"seat {seat['number']} {label} for {name}"
                charges.append({"kind": "seat", "amount_cents": fee, "description": description})
        for g, bag in enumerate(passenger.bags):
            fee, _ = _bag_fee(booking, g, bag)
            if fee:
                description = f"checked bag {bag.weight_kg:g} kg for {name}"
                charges.append({"kind": "bag", "amount_cents": fee, "description": description})
    return charges


def _total(entry: Entry) -> int:
    """What the booking cost: its charges as given, else the fares and fees they default to."""
    given = entry.seed.charges
    if given is not None:
        return sum(cents(charge.amount) for charge in given)
    return sum(c["amount_cents"] for c in _fees(entry.loading, entry.seed, entry.loc, entry.row))


def _booking_fits(entry: Entry) -> None:
    """A cancelled booking says when; travel credit pays at most the booking's total."""
    booking, row = entry.seed, entry.row
    if booking.status == "cancelled" and booking.cancelled_at is None:
        raise entry.ctx.error(
            (*entry.loc, "cancelled_at"), "a cancelled booking needs 'cancelled_at'"
        )
    if row["travel_credit_used_cents"] > row["total_price_cents"]:
        raise entry.ctx.error(
            (*entry.loc, "travel_credit_used"),
            f"travel_credit_used {booking.travel_credit_used} exceeds the booking total "
            f"{money(row['total_price_cents'])}",
        )


BookingParts = tuple[BookingSeed, Loc, Row, list[tuple[PassengerSeed, Row]]]


def _bookings_by_id(loading: Loading) -> Iterator[BookingParts]:
    """Each booking's seed, JSON path and row, with its passengers' seeds and rows, in booking
    id order (the section is built ``by_id``): the order the service creates their tickets and
    charges in."""
    bookings = loading.document.bookings
    ids = loading.ctx.allocate_ids([booking.id for booking in bookings], ("bookings",))
    rows, passengers = loading.rows["booking"], iter(loading.rows["passenger"].values())
    for booking_id, i in sorted(zip(ids, range(len(bookings)), strict=True)):
        booking = bookings[i]
        yield (
            booking,
            ("bookings", i),
            rows[booking_id],
            [(passenger, next(passengers)) for passenger in booking.passengers],
        )


def _fill_tickets(session: Session, loading: Loading) -> None:
    """A ticket per passenger and leg, on a free seat if one is given, with a boarding number
    once checked in."""
    held: dict[int, set[int]] = defaultdict(set)  # flight id: seats taken
    boarded: dict[int, int] = defaultdict(int)  # flight id: last boarding number
    tickets: list[Row] = []
    for booking, loc, row, passengers in _bookings_by_id(loading):
        for p, (passenger, passenger_row) in enumerate(passengers):
            where = (*loc, "passengers", p)
            for leg in _legs(row):
                seat = _seat(loading, booking, passenger, where, leg)
                if seat is not None:
                    _hold(loading, booking, seat, (*where, f"{_PREFIX[leg[0]]}seat"), held)
                checked, sequence = _boarding(loading, passenger, where, leg, boarded)
                tickets.append(
                    {
                        "id": len(tickets) + 1,
                        "booking_id": row["id"],
                        "passenger_id": passenger_row["id"],
                        "flight_id": leg[1],
                        "leg": leg[0],
                        "seat_id": seat["id"] if seat is not None else None,
                        "seat_fee_cents": _seat_fee(passenger, leg[0], seat) if seat else 0,
                        "checked_in_at": naive_utc(checked),
                        "boarding_sequence": sequence,
                    }
                )
    bulk_insert(session, Ticket, tickets)


def _hold(
    loading: Loading, booking: BookingSeed, seat: Row, loc: Loc, held: dict[int, set[int]]
) -> None:
    """Give a booking its seat (a cancelled booking holds none) unless it is blocked or held."""
    taken = held[seat["flight_id"]]
    if seat["blocked"] or (booking.status != "cancelled" and seat["id"] in taken):
        flight = loading.rows["flight"][seat["flight_id"]]
        raise loading.ctx.error(
            loc, f"seat {seat['number']} on {_flight_label(flight)} is already taken"
        )
    if booking.status != "cancelled":
        taken.add(seat["id"])


def _boarding(
    loading: Loading,
    passenger: PassengerSeed,
    loc: Loc,
    leg: tuple[str, int],
    boarded: dict[int, int],
) -> tuple[datetime | None, int | None]:
    """When the passenger at ``loc`` checked in for a leg, and their boarding number: the one
    given, else the flight's next."""
    prefix, flight_id = _PREFIX[leg[0]], leg[1]
    checked = getattr(passenger, f"{prefix}checked_in_at")
    sequence = getattr(passenger, f"{prefix}boarding_sequence")
    if checked is not None and sequence is None:
        sequence = boarded[flight_id] + 1
    if sequence is not None:
        if checked is None:
            raise loading.ctx.error(
                (*loc, f"{prefix}boarding_sequence"),
                f"a boarding sequence needs '{prefix}checked_in_at'",
            )
        boarded[flight_id] = max(boarded[flight_id], sequence)
    return checked, sequence


def _fill_charges(session: Session, loading: Loading) -> None:
    """Each booking's ledger, bookings in id order: its charges as given, else the fares and
    fees it implies; ids are allocated around the pinned ones."""
    charges: list[Row] = []
    pinned: list[int | None] = []
    first: Loc = ()
    for booking, loc, row, _ in _bookings_by_id(loading):
        created = row["created_at"]
        found: list[tuple[int | None, Row]]
        if booking.charges is None:
            found = [
                (None, {**fee, "created_at": created}) for fee in _fees(loading, booking, loc, row)
            ]
        else:
            found = [
                (
                    charge.id,
                    {
                        "kind": charge.kind,
                        "amount_cents": cents(charge.amount),
                        "description": charge.description,
                        "created_at": charge.created_at or created,
                    },
                )
                for charge in booking.charges
            ]
        if found and not charges:
            first = (*loc, "charges")
        for charge_id, charge in found:
            pinned.append(charge_id)
            charges.append({**charge, "booking_id": row["id"]})
    for charge, charge_id in zip(charges, loading.ctx.allocate_ids(pinned, first), strict=True):
        charge["id"] = charge_id
    bulk_insert(session, Charge, charges)


def _ticket_of(leg: str) -> Callable[[Passenger, Exporting], Ticket | None]:
    def ticket(passenger: Passenger, export: Exporting) -> Ticket | None:
        found = export.grouped("ticket", "passenger_id").get(passenger.id, [])
        return next((t for t in found if t.leg == leg), None)

    return ticket


def _leg_fields(leg: str) -> tuple[Hook, ...]:
    """A passenger's seed fields of one leg, shown from their ticket (the load reads them with
    the booking's: ``_fees``, ``_fill_tickets``)."""
    prefix, ticket = _PREFIX[leg], _ticket_of(leg)

    def seat(passenger: Passenger, export: Exporting) -> Seat | None:
        found = ticket(passenger, export)
        if found is None or found.seat_id is None:
            return None
        return export.objects["seat"][found.seat_id]

    def seat_number(passenger: Passenger, export: Exporting) -> str | None:
        found = seat(passenger, export)
        return found.number if found is not None else None

    def seat_fee(passenger: Passenger, export: Exporting) -> float | None:
        found, held = seat(passenger, export), ticket(passenger, export)
        if found is None or held is None or held.seat_fee_cents == found.fee_cents:
            return None
        return money(held.seat_fee_cents)

    def checked_in(passenger: Passenger, export: Exporting) -> datetime | None:
        found = ticket(passenger, export)
        return aware_utc(found.checked_in_at) if found is not None else None

    def sequence(passenger: Passenger, export: Exporting) -> int | None:
        found = ticket(passenger, export)
        return found.boarding_sequence if found is not None else None

    return (
        Hook(f"{prefix}seat", dump_with=seat_number),
        Hook(f"{prefix}seat_fee", dump_with=seat_fee),
        Hook(f"{prefix}checked_in_at", dump_with=checked_in),
        Hook(f"{prefix}boarding_sequence", dump_with=sequence),
    )


def _bag_priced(entry: Entry) -> tuple[int, bool]:
    """A bag's fee and whether it is overweight: ``_bag_fee`` of the booking it is under."""
    assert entry.parent is not None and entry.parent.parent is not None
    index = entry.loc[-1]
    assert isinstance(index, int)
    return _bag_fee(entry.parent.parent.seed, index, entry.seed)


PAYMENT = Entity(
    "payment",
    PaymentMethodSeed,
    PaymentMethod,
    ("brand", "last4", "expiry", "label"),
    check=_card_once,
)
USER = Entity(
    "user",
    AirlineUserSeed,
    User,
    (*USER_FIELDS, _money("travel_credit", "travel_credit_cents")),
    key="username",
    children=(Children("payment_methods", PAYMENT, "user_id"),),
)
AIRPORT = Entity(
    "airport", AirportSeed, Airport, ("code", "name", "city", "country", "timezone"), key="code"
)
CABIN = Entity(
    "cabin",
    CabinSeed,
    FlightCabin,
    (
        "cabin",
        Hook(
            "fare_class",
            load_with=lambda e: e.seed.fare_class or DEFAULT_FARE_CLASS[e.seed.cabin],
            dump_with=_fare_class_shown,
        ),
        _money("price", "price_cents"),
        "refundable",
        Hook(
            "rows",
            "first_row",
            _row_bound(0),
            lambda cabin, _: f"{cabin.first_row}-{cabin.last_row}",
        ),
        Hook(column="last_row", load_with=_row_bound(1)),
        "layout",
        ColumnField("extra_legroom_rows", to_row=_legroom_text, to_seed=_legroom_rows),
        _money("seat_fee", "seat_fee_cents"),
        _money("extra_legroom_fee", "extra_legroom_fee_cents"),
        Hook("occupied", dump_with=_occupied),
    ),
    check=_cabin_fits,
)
FLIGHT = Entity(
    "flight",
    FlightSeed,
    Flight,
    (
        ColumnField("date", "departure_date"),
        Ref("origin", "origin_id", "airport"),
        Ref("destination", "destination_id", "airport"),
        Hook("number", load_with=_flight_number),
        Hook("departure_time", "scheduled_departure", _departure, _local_departure),
        Hook(
            "duration_minutes",
            "scheduled_arrival",
            lambda e: e.row["scheduled_departure"] + timedelta(minutes=e.seed.duration_minutes),
            lambda f, _: _minutes(f.scheduled_arrival, f.scheduled_departure),
        ),
        Hook(
            "delay_minutes",
            "estimated_departure",
            _delayed("scheduled_departure"),
            _delay_shown,
        ),
        Hook(column="estimated_arrival", load_with=_delayed("scheduled_arrival")),
        "status",
        "gate",
        "aircraft",
        "status_reason",
    ),
    children=(Children("cabins", CABIN, "flight_id"),),
    check=_elsewhere,
)
SEATS = Derived("seat", Seat, _fill_seats)
TICKETS = Derived("ticket", Ticket, _fill_tickets)
BAG = Entity(
    "bag",
    BagSeed,
    Bag,
    (
        "weight_kg",
        Hook("fee", "fee_cents", lambda e: _bag_priced(e)[0], lambda bag, _: money(bag.fee_cents)),
        Hook(column="overweight", load_with=lambda e: _bag_priced(e)[1]),
        moment("created_at", default=lambda e: e.inherited("created_at")),
    ),
)
PASSENGER = Entity(
    "passenger",
    PassengerSeed,
    Passenger,
    (
        "first_name",
        "last_name",
        "date_of_birth",
        "passport_number",
        *_leg_fields("outbound"),
        *_leg_fields("return"),
    ),
    children=(Children("bags", BAG, "passenger_id", inherit=("booking_id",)),),
)
CHARGE = Entity(
    "charge",
    ChargeSeed,
    Charge,
    ("kind", _money("amount", "amount_cents"), "description", moment("created_at")),
    filled_by=_fill_charges,
)
BOOKING = Entity(
    "booking",
    BookingSeed,
    Booking,
    (
        Hook("reference", load_with=_reference),
        Ref("user", "user_id", "user"),
        Hook(
            "flight", "outbound_flight_id", _flight_id("flight"), _flight_ref("outbound_flight_id")
        ),
        Hook("return_flight", "return_flight_id", _return_flight, _flight_ref("return_flight_id")),
        Hook("cabin", load_with=_cabin_flown),
        "status",
        Hook("payment_method", "payment_method_id", _card_id, _card_last4),
        Hook("card_summary", load_with=_card_summary, dump_with=_card_summary_shown),
        moment("created_at", default=now_naive),
        moment("changed_at"),
        moment("cancelled_at"),
        Hook(column="total_price_cents", load_with=_total),
        _money("travel_credit_used", "travel_credit_used_cents"),
        _money("refund_amount", "refund_amount_cents"),
        "refund_method",
        _money("cancellation_fee", "cancellation_fee_cents"),
    ),
    children=(
        Children("passengers", PASSENGER, "booking_id"),
        Children("charges", CHARGE, "booking_id"),
    ),
    check=_booking_fits,
)
ANNOUNCEMENT = Entity(
    "announcement",
    AnnouncementSeed,
    Announcement,
    (
        Hook("flight", "flight_id", _flight_id("flight"), _flight_ref("flight_id")),
        "kind",
        "message",
        moment("created_at", default=now_naive),
    ),
)
SEED_MAP = SeedMap(
    AirlineSeed,
    (
        Section("airports", AIRPORT),
        Section("users", USER),
        Section("flights", FLIGHT),
        Section("bookings", BOOKING, by_id=True),
        Section("announcements", ANNOUNCEMENT),
    ),
    order=(
        USER,
        PAYMENT,
        AIRPORT,
        FLIGHT,
        CABIN,
        SEATS,
        BOOKING,
        PASSENGER,
        TICKETS,
        BAG,
        CHARGE,
        ANNOUNCEMENT,
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
