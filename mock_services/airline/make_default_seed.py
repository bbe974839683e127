"""Regenerate ``default_seed.json``: ``python -m mock_services.airline.make_default_seed``.

The schedule is computed for the core's default clock (09:00 UTC); dates are written relative
("+3d") so the seed never goes stale. Seat occupancy is pseudo-random but fixed (hash based).
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from mock_services.core.base.cast import person

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
FIRST_DAY, LAST_DAY = -2, 14

AIRPORTS = [
    ("JFK", "John F. Kennedy International Airport", "New York", "US", "America/New_York"),
    ("LAX", "Los Angeles International Airport", "Los Angeles", "US", "America/Los_Angeles"),
    ("ORD", "O'Hare International Airport", "Chicago", "US", "America/Chicago"),
    ("LHR", "Heathrow Airport", "London", "GB", "Europe/London"),
    ("CDG", "Charles de Gaulle Airport", "Paris", "FR", "Europe/Paris"),
    ("FRA", "Frankfurt Airport", "Frankfurt", "DE", "Europe/Berlin"),
    ("DXB", "Dubai International Airport", "Dubai", "AE", "Asia/Dubai"),
    ("NRT", "Narita International Airport", "Tokyo", "JP", "Asia/Tokyo"),
    ("SIN", "Singapore Changi Airport", "Singapore", "SG", "Asia/Singapore"),
    ("SYD", "Sydney Kingsford Smith Airport", "Sydney", "AU", "Australia/Sydney"),
]
ZONES = {a[0]: ZoneInfo(a[4]) for a in AIRPORTS}

AIRCRAFT: dict[str, list[dict[str, Any]]] = {
    "A320": [
        {"cabin": "business", "rows": "1-2", "layout": "AC-DF"},
        {"cabin": "economy", "rows": "10-25", "layout": "ABC-DEF", "extra_legroom_rows": [10, 11]},
    ],
    "A321neo": [
        {"cabin": "business", "rows": "1-3", "layout": "AC-DF"},
        {"cabin": "economy", "rows": "10-29", "layout": "ABC-DEF", "extra_legroom_rows": [10, 11]},
    ],
    "B787-9": [
        {"cabin": "business", "rows": "1-4", "layout": "A-DG-K"},
        {"cabin": "premium_economy", "rows": "10-12", "layout": "AC-DEF-HK"},
        {"cabin": "economy", "rows": "20-33", "layout": "ABC-DEF-HJK", "extra_legroom_rows": [20]},
    ],
}
# number, origin, destination, local departure, minutes, aircraft, economy price
ROUTES = [
    ("LC101", "JFK", "LAX", "07:00", 375, "A321neo", 219),
    ("LC103", "JFK", "LAX", "16:30", 380, "A321neo", 189),
    ("LC102", "LAX", "JFK", "08:15", 330, "A321neo", 229),
    ("LC104", "LAX", "JFK", "22:45", 320, "A321neo", 159),
    ("LC201", "JFK", "LHR", "18:30", 415, "B787-9", 549),
    ("LC202", "LHR", "JFK", "10:45", 480, "B787-9", 579),
    ("LC301", "LHR", "CDG", "09:10", 75, "A320", 99),
    ("LC303", "LHR", "CDG", "17:40", 75, "A320", 119),
    ("LC302", "CDG", "LHR", "11:30", 80, "A320", 99),
    ("LC304", "CDG", "LHR", "19:50", 80, "A320", 109),
    ("LC501", "LAX", "NRT", "11:20", 690, "B787-9", 899),
    ("LC502", "NRT", "LAX", "17:05", 600, "B787-9", 869),
    ("LC601", "ORD", "JFK", "06:45", 125, "A320", 139),
    ("LC602", "JFK", "ORD", "19:00", 150, "A320", 129),
    ("LC701", "SIN", "SYD", "20:15", 470, "B787-9", 499),
    ("LC702", "SYD", "SIN", "09:30", 500, "B787-9", 479),
    ("LC801", "DXB", "FRA", "08:45", 400, "B787-9", 399),
    ("LC802", "FRA", "DXB", "21:10", 370, "B787-9", 389),
]
GATES = ["A4", "A12", "B7", "B22", "C3", "C15", "D9", "E2"]
Schedule = dict[tuple[str, int], dict[str, Any]]  # (flight number, day) -> flight


def _hash(*parts: Any) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def _seats(rows: str, layout: str) -> list[str]:
    first, last = (int(p) for p in rows.split("-"))
    return [f"{r}{letter}" for r in range(first, last + 1) for letter in layout.replace("-", "")]


def _day(day: int) -> str:
    """A day relative to the seed's clock, as seeds write it: "+3d", "-2d"."""
    return f"{'+' if day >= 0 else '-'}{abs(day)}d"


def _flight(route: tuple[Any, ...], day: int) -> dict[str, Any]:
    number, origin, destination, clock, minutes, aircraft, price = route
    hour, minute = (int(p) for p in clock.split(":"))
    date = (NOW + timedelta(days=day)).date()
    departure = datetime(date.year, date.month, date.day, hour, minute, tzinfo=ZONES[origin])
    arrival = departure + timedelta(minutes=minutes)
    status = "scheduled"
    if arrival <= NOW:
        status = "landed"
    elif departure <= NOW:
        status = "departed"
    swing = (_hash(number, day) % 7 - 3) * 0.05  # -15% .. +15%
    economy = round(price * (1 + swing))
    long_haul = aircraft == "B787-9"
    prices = {
        "economy": economy,
        "premium_economy": round(economy * 1.8),
        "business": round(economy * (3.6 if long_haul else 2.7)),
    }
    fill = 0.25 + (_hash("fill", number, day) % 50) / 100  # 25% .. 74% taken
    if day < 0 or status != "scheduled":
        fill = 0.8
    flight: dict[str, Any] = {
        "number": number,
        "date": _day(day),
        "origin": origin,
        "destination": destination,
        "departure_time": clock,
        "duration_minutes": minutes,
    }
    if status != "scheduled":
        flight["status"] = status
    if day <= 1:
        flight["gate"] = GATES[_hash("gate", number, day) % len(GATES)]
    flight["aircraft"] = aircraft
    flight["cabins"] = _cabins(number, day, aircraft, prices, fill)
    return flight


def _cabins(
    number: str, day: int, aircraft: str, prices: dict[str, int], fill: float
) -> list[dict[str, Any]]:
    """The aircraft's cabins at these prices, with about ``fill`` of each cabin's seats taken."""
    cabins = []
    for layout in AIRCRAFT[aircraft]:
        cabin = layout["cabin"]
        seats = _seats(layout["rows"], layout["layout"])
        occupied = [s for s in seats if _hash("seat", number, day, s) % 100 < fill * 100]
        cabins.append(
            {
                "cabin": cabin,
                "price": prices[cabin],
                "refundable": cabin == "business",
                "rows": layout["rows"],
                "layout": layout["layout"],
                **(
                    {"extra_legroom_rows": layout["extra_legroom_rows"]}
                    if "extra_legroom_rows" in layout
                    else {}
                ),
                **(
                    {"seat_fee": 15, "extra_legroom_fee": 45}
                    if cabin == "economy"
                    else {"seat_fee": 25}
                    if cabin == "premium_economy"
                    else {}
                ),
                "occupied": occupied,
            }
        )
    return cabins


def _free(flight: dict[str, Any], cabin: str, seat: str) -> None:
    for c in flight["cabins"]:
        if c["cabin"] == cabin and seat in c["occupied"]:
            c["occupied"].remove(seat)


def build() -> dict[str, Any]:
    flights = _schedule()
    return {
        "airports": [
            {"code": c, "name": n, "city": city, "country": country, "timezone": tz}
            for c, n, city, country, tz in AIRPORTS
        ],
        "users": _users(bob_credit=_price(flights, "LC501", 9, "economy")),
        "flights": list(flights.values()),
        "bookings": [*_alice_bookings(), *_bob_bookings(flights), *_carol_bookings()],
        "announcements": _announcements(),
    }


def _schedule() -> Schedule:
    """Every route on every day, by (number, day), with the operations already in progress."""
    flights = {}
    for day in range(FIRST_DAY, LAST_DAY + 1):
        for route in ROUTES:
            flights[(route[0], day)] = _flight(route, day)

    # operations already in progress
    delayed = flights[("LC201", 0)]
    delayed.update(status="delayed", delay_minutes=95, status_reason="late inbound aircraft")
    cancelled = flights[("LC303", 1)]
    cancelled.update(status="cancelled", status_reason="air traffic control strike in France")
    cancelled.pop("gate", None)
    # nearly full: one economy seat left
    full = flights[("LC103", 2)]
    for c in full["cabins"]:
        if c["cabin"] == "economy":
            c["occupied"] = [s for s in _seats(c["rows"], c["layout"]) if s != "29F"]

    # seats the seeded bookings hold must be free of outside passengers
    for number, day, cabin, seats in [
        ("LC201", 6, "economy", ["24A", "24B"]),
        ("LC202", 13, "economy", ["24A", "24B"]),
        ("LC303", 0, "business", ["1A"]),
        ("LC101", -2, "economy", ["12C", "12D"]),
        ("LC303", 1, "economy", ["14A", "14B"]),
    ]:
        for seat in seats:
            _free(flights[(number, day)], cabin, seat)
    return flights


def _ref(number: str, day: int) -> dict[str, str]:
    return {"number": number, "date": _day(day)}


def _price(flights: Schedule, number: str, day: int, cabin: str) -> float:
    return next(c["price"] for c in flights[(number, day)]["cabins"] if c["cabin"] == cabin)


def _alice_bookings() -> list[dict[str, Any]]:
    """A round trip to London with seats and a bag, and a business seat to Paris today."""
    return [
        {
            "user": "alice",
            "flight": _ref("LC201", 6),
            "return_flight": _ref("LC202", 13),
            "cabin": "economy",
            "payment_method": "4242",
            "created_at": "-12d 19:04",
            "passengers": [
                {
                    "first_name": "Alice",
                    "last_name": "Martin",
                    "date_of_birth": "1986-04-12",
                    "passport_number": "X1234567",
                    "seat": "24A",
                    "return_seat": "24A",
                    "bags": [{"weight_kg": 19.5}],
                },
                {
                    "first_name": "Tom",
                    "last_name": "Martin",
                    "date_of_birth": "1984-09-30",
                    "passport_number": "X7654321",
                    "seat": "24B",
                    "return_seat": "24B",
                },
            ],
        },
        {
            "user": "alice",
            "flight": _ref("LC303", 0),
            "cabin": "business",
            "payment_method": "4242",
            "created_at": "-3d 08:15",
            "passengers": [
                {
                    "first_name": "Alice",
                    "last_name": "Martin",
                    "date_of_birth": "1986-04-12",
                    "passport_number": "X1234567",
                    "seat": "1A",
                }
            ],
        },
    ]


def _bob_bookings(flights: Schedule) -> list[dict[str, Any]]:
    """A flown trip, a trip cancelled to travel credit and one changed for a fee."""
    old, new = _price(flights, "LC104", 4, "economy"), _price(flights, "LC102", 4, "economy")
    return [
        {
            "user": "bob",
            "flight": _ref("LC101", -2),
            "cabin": "economy",
            "payment_method": "5100",
            "created_at": "-30d 21:40",
            "passengers": [
                {
                    "first_name": "Bob",
                    "last_name": "Chen",
                    "date_of_birth": "1979-01-22",
                    "seat": "12C",
                    "checked_in_at": "-3d 14:30",
                    "bags": [{"weight_kg": 22.0}],
                },
                {
                    "first_name": "Mei",
                    "last_name": "Chen",
                    "date_of_birth": "2012-06-03",
                    "seat": "12D",
                    "checked_in_at": "-3d 14:30",
                },
            ],
        },
        {
            "user": "bob",
            "flight": _ref("LC501", 9),
            "cabin": "economy",
            "status": "cancelled",
            "payment_method": "5100",
            "created_at": "-20d 10:02",
            "cancelled_at": "-1d 16:45",
            "refund_method": "travel_credit",
            "cancellation_fee": 0,
            "passengers": [
                {"first_name": "Bob", "last_name": "Chen", "date_of_birth": "1979-01-22"}
            ],
            "refund_amount": _price(flights, "LC501", 9, "economy"),
        },
        {
            "user": "bob",
            "flight": _ref("LC102", 4),
            "cabin": "economy",
            "status": "changed",
            "payment_method": "5100",
            "created_at": "-9d 13:30",
            "changed_at": "-2d 18:05",
            "passengers": [
                {"first_name": "Bob", "last_name": "Chen", "date_of_birth": "1979-01-22"}
            ],
            "charges": [
                {
                    "kind": "fare",
                    "amount": old,
                    "description": "economy fare LC104 x1",
                    "created_at": "-9d 13:30",
                },
                {
                    "kind": "fare_difference",
                    "amount": new - old,
                    "description": "fare difference LC104 -> LC102 x1",
                    "created_at": "-2d 18:05",
                },
                {
                    "kind": "change_fee",
                    "amount": 75,
                    "description": "change fee x1 (LC104 -> LC102)",
                    "created_at": "-2d 18:05",
                },
            ],
        },
    ]


def _carol_bookings() -> list[dict[str, Any]]:
    """A trip on today's delayed flight and one on tomorrow's cancelled flight."""
    return [
        {
            "user": "carol",
            "flight": _ref("LC201", 0),
            "cabin": "economy",
            "card_summary": "AMEX ****1007",
            "created_at": "-6d 11:20",
            "passengers": [
                {"first_name": "Carol", "last_name": "Diaz", "date_of_birth": "1991-11-05"}
            ],
        },
        {
            "user": "carol",
            "flight": _ref("LC303", 1),
            "cabin": "economy",
            "payment_method": "8888",
            "created_at": "-15d 07:55",
            "passengers": [
                {
                    "first_name": "Carol",
                    "last_name": "Diaz",
                    "date_of_birth": "1991-11-05",
                    "passport_number": "P9081726",
                    "seat": "14A",
                },
                {
                    "first_name": "Luis",
                    "last_name": "Diaz",
                    "date_of_birth": "1989-02-17",
                    "passport_number": "P5566778",
                    "seat": "14B",
                },
            ],
        },
    ]


def _users(bob_credit: float) -> list[dict[str, Any]]:
    return [
        person("alice").user(
            payment_methods=[
                {"brand": "visa", "last4": "4242", "expiry": "08/28", "label": "Personal Visa"},
                {
                    "brand": "mastercard",
                    "last4": "4444",
                    "expiry": "01/26",
                    "label": "Old card",
                },
            ],
        ),
        person("bob").user(
            travel_credit=bob_credit,
            payment_methods=[
                {"brand": "mastercard", "last4": "5100", "expiry": "11/27", "label": "Work"}
            ],
        ),
        person("carol").user(
            payment_methods=[{"brand": "visa", "last4": "8888", "expiry": "05/29", "label": None}],
        ),
    ]


def _announcements() -> list[dict[str, Any]]:
    return [
        {
            "flight": _ref("LC101", 0),
            "kind": "gate_change",
            "message": "Gate change for LC101 JFK-LAX today: now departing from gate C15.",
            "created_at": "-3h",
        },
        {
            "flight": _ref("LC201", 0),
            "kind": "delay",
            "message": "LC201 JFK-LHR today is delayed by 95 minutes because of a late inbound "
            "aircraft: new departure 20:05 local time.",
            "created_at": "-1h",
        },
        {
            "flight": _ref("LC303", 1),
            "kind": "cancellation",
            "message": "LC303 LHR-CDG tomorrow is cancelled because of an air traffic control "
            "strike in France. Change to another flight free of charge or cancel for a full "
            "refund.",
            "created_at": "-40m",
        },
    ]


def main() -> None:
    path = Path(__file__).with_name("default_seed.json")
    text = json.dumps(build(), indent=1)
    # keep lists of plain values (seat numbers, rows) on one line
    text = re.sub(
        r"\[\s*((?:(?:\"[^\"]*\"|-?[\d.]+)\s*,\s*)*(?:\"[^\"]*\"|-?[\d.]+))\s*\]",
        lambda m: "[" + re.sub(r"\s*,\s*", ", ", m[1]) + "]",
        text,
    )
    path.write_text(text + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
