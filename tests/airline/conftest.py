"""A small, fully known airline seed and a module-scoped service built from it.

The clock is the core default (2026-03-02 09:00 UTC, task time zone UTC), so "+0d 15:00" in
New York is 20:00 UTC today: inside the check-in window.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import seed_dir
from tests.helpers import ApiClient, db_dump, expect
from tests.service_fixtures import (
    Transport,
    browser_tests_on_real_server,
    serve,
    served_over_fixture,
)


def economy(price: float = 200, occupied: list[str] | None = None) -> dict[str, Any]:
    return {
        "cabin": "economy",
        "price": price,
        "rows": "10-12",
        "layout": "ABC-DEF",
        "extra_legroom_rows": [10],
        "seat_fee": 15,
        "extra_legroom_fee": 40,
        "occupied": occupied or [],
    }


def business(price: float = 900) -> dict[str, Any]:
    return {
        "cabin": "business",
        "price": price,
        "refundable": True,
        "rows": "1-1",
        "layout": "AC-DF",
    }


def flight(number: str, date: str, origin: str, destination: str, time: str, **extra: Any) -> dict:
    return {
        "number": number,
        "date": date,
        "origin": origin,
        "destination": destination,
        "departure_time": time,
        "duration_minutes": extra.pop("duration_minutes", 75),
        "cabins": extra.pop("cabins", [business(), economy()]),
        **extra,
    }


ALL_ECONOMY_BUT_12F = [f"{r}{c}" for r in (10, 11, 12) for c in "ABCDEF" if f"{r}{c}" != "12F"]

TEST_SEED: dict[str, Any] = {
    "airports": [
        {
            "code": "JFK",
            "name": "John F. Kennedy",
            "city": "New York",
            "country": "US",
            "timezone": "America/New_York",
        },
        {
            "code": "BOS",
            "name": "Logan",
            "city": "Boston",
            "country": "US",
            "timezone": "America/New_York",
        },
        {
            "code": "LHR",
            "name": "Heathrow",
            "city": "London",
            "country": "GB",
            "timezone": "Europe/London",
        },
        {
            "code": "CDG",
            "name": "Charles de Gaulle",
            "city": "Paris",
            "country": "FR",
            "timezone": "Europe/Paris",
        },
    ],
    "users": [
        {
            "username": "alice",
            "password": "alice-pass",
            "display_name": "Alice Martin",
            "email": "alice@example.test",
            "payment_methods": [
                {"brand": "visa", "last4": "4242", "expiry": "12/30", "label": "Personal"},
                {"brand": "mastercard", "last4": "4444", "expiry": "01/25"},
            ],
        },
        {
            "username": "bob",
            "password": "bob-pass",
            "display_name": "Bob Chen",
            "email": "bob@example.test",
            "travel_credit": 20,
            "payment_methods": [{"brand": "visa", "last4": "1111", "expiry": "06/29"}],
        },
    ],
    "flights": [
        flight("TS100", "+0d", "JFK", "BOS", "15:00", gate="B7"),  # 1: in check-in window
        flight("TS100", "+1d", "JFK", "BOS", "15:00"),  # 2: check-in not open yet
        flight(
            "TS102", "+1d", "JFK", "BOS", "08:00", cabins=[business(800), economy(150)]
        ),  # 3: cheaper
        flight(
            "TS104",
            "+1d",
            "JFK",
            "BOS",
            "18:00",
            cabins=[business(950), economy(260)],
            duration_minutes=60,
        ),  # 4: dearer
        flight("TS200", "+0d", "JFK", "LHR", "18:00", duration_minutes=420),  # 5: international
        flight("TS201", "+5d", "LHR", "JFK", "11:00", duration_minutes=480),  # 6: return
        flight("TS300", "+0d", "LHR", "CDG", "09:30"),  # 7: closes in 30 min
        flight(
            "TS302", "+2d", "LHR", "CDG", "10:00", status="cancelled", status_reason="strike"
        ),  # 8
        flight("TS100", "-1d", "JFK", "BOS", "15:00", status="landed"),  # 9: past
        flight(
            "TS106",
            "+1d",
            "JFK",
            "BOS",
            "12:00",
            cabins=[business(), economy(180, ALL_ECONOMY_BUT_12F)],
        ),  # 10: one seat left
        flight("TS101", "+3d", "BOS", "JFK", "09:00"),  # 11
        flight("TS304", "+2d", "LHR", "CDG", "14:00"),  # 12: rebooking target for 8
        flight("TS110", "+1d", "BOS", "JFK", "21:30"),  # 13: next day in UTC
    ],
    "bookings": [
        {
            "reference": "ALICE1",
            "user": "alice",
            "flight": {"number": "TS100", "date": "+1d"},
            "payment_method": "4242",
            "created_at": "-2d 10:00",
            "passengers": [
                {
                    "first_name": "Alice",
                    "last_name": "Martin",
                    "date_of_birth": "1986-04-12",
                    "seat": "11A",
                }
            ],
        },
        {
            "reference": "BOBBY1",
            "user": "bob",
            "flight": {"number": "TS100", "date": "+0d"},
            "payment_method": "1111",
            "created_at": "-5d 08:00",
            "passengers": [
                {"first_name": "Bob", "last_name": "Chen", "date_of_birth": "1979-01-22"},
                {
                    "first_name": "Mei",
                    "last_name": "Chen",
                    "date_of_birth": "2012-06-03",
                    "bags": [{"weight_kg": 20}],
                },
            ],
        },
        {
            "reference": "ALICE2",
            "user": "alice",
            "flight": {"number": "TS200", "date": "+0d"},
            "return_flight": {"number": "TS201", "date": "+5d"},
            "card_summary": "AMEX ****1007",
            "created_at": "-9d 12:00",
            "passengers": [
                {"first_name": "Alice", "last_name": "Martin", "date_of_birth": "1986-04-12"}
            ],
        },
        {
            "reference": "ALICE3",
            "user": "alice",
            "flight": {"number": "TS100", "date": "-1d"},
            "payment_method": "4242",
            "created_at": "-20d 10:00",
            "passengers": [
                {
                    "first_name": "Alice",
                    "last_name": "Martin",
                    "date_of_birth": "1986-04-12",
                    "seat": "12A",
                    "checked_in_at": "-2d 21:00",
                }
            ],
        },
        {
            "reference": "BOBBY2",
            "user": "bob",
            "flight": {"number": "TS302", "date": "+2d"},
            "payment_method": "1111",
            "created_at": "-3d 10:00",
            "passengers": [
                {
                    "first_name": "Bob",
                    "last_name": "Chen",
                    "date_of_birth": "1979-01-22",
                    "passport_number": "P1234567",
                    "seat": "10B",
                }
            ],
        },
        {
            "reference": "ALICE4",
            "user": "alice",
            "flight": {"number": "TS100", "date": "+1d"},
            "cabin": "business",
            "payment_method": "4242",
            "created_at": "-1d 10:00",
            "passengers": [
                {
                    "first_name": "Alice",
                    "last_name": "Martin",
                    "date_of_birth": "1986-04-12",
                    "seat": "1A",
                }
            ],
        },
    ],
    "announcements": [
        {
            "flight": {"number": "TS302", "date": "+2d"},
            "kind": "cancellation",
            "message": "TS302 is cancelled (strike).",
            "created_at": "-1h",
        },
    ],
}


def test_seed(**changes: Any) -> dict[str, Any]:
    seed = copy.deepcopy(TEST_SEED)
    seed.update(changes)
    return seed


test_seed.__test__ = False  # type: ignore[attr-defined]


served_over = served_over_fixture()
pytest_generate_tests = browser_tests_on_real_server


@pytest.fixture(scope="module")
def start_airline(
    served_over: Transport, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[..., ApiClient]]:
    """Serve airline for the module, by ``served_over``: ``start_airline(seed=None)``, TEST_SEED
    by default."""
    with ExitStack() as started:

        def start(seed: dict[str, Any] | None = None) -> ApiClient:
            data_dir: Path = tmp_path_factory.mktemp("airline")
            document = test_seed() if seed is None else seed
            served = started.enter_context(serve("airline", data_dir, document, served_over))
            client = served.client()
            client.data_dir = data_dir  # type: ignore[attr-defined]
            return client

        yield start


@pytest.fixture(scope="module")
def airline(start_airline: Callable[..., ApiClient]) -> ApiClient:
    """An anonymous client on a service seeded with TEST_SEED."""
    return start_airline()


@pytest.fixture(scope="module")
def alice(airline: ApiClient) -> ApiClient:
    return airline.as_user("alice", "alice-pass")


@pytest.fixture(scope="module")
def bob(airline: ApiClient) -> ApiClient:
    return airline.as_user("bob", "bob-pass")


def flight_id(client: ApiClient, number: str, date: str) -> int:
    page = expect(client.get("/api/flights", params={"number": number, "date": date}), 200)
    assert page["total"] == 1, page
    return page["items"][0]["id"]


def free_seats(client: ApiClient, fid: int, cabin: str = "economy") -> list[str]:
    seats = client.get(f"/api/flights/{fid}/seats", params={"cabin": cabin, "free_only": "true"})
    return [s["number"] for s in seats.json()["seats"]]


TABLES = (
    "users",
    "payment_methods",
    "airports",
    "flights",
    "flight_cabins",
    "seats",
    "bookings",
    "passengers",
    "tickets",
    "bags",
    "charges",
    "announcements",
)


def assert_export_round_trips(client: ApiClient, tmp_path: Path) -> None:
    """Whatever the API changed survives ``/admin/export`` and a re-seed exactly."""
    exported = expect(client.admin("GET", "/admin/export"), 200)
    again = seed_dir(tmp_path / "again", "airline", exported)

    def rows(path: Path) -> list[str]:
        return [
            line
            for line in db_dump(path)
            if any(line.startswith(f'INSERT INTO "{table}"') for table in TABLES)
        ]

    live = rows(client.data_dir / "airline.db")  # type: ignore[attr-defined]
    assert len(live) > 100
    assert rows(again.db_path("airline")) == live
