"""Seeding: the default seed, exact round trips, derived rows and errors that name the path."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mock_services.airline.policy import booking_reference
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.airline.conftest import economy, flight, test_seed
from tests.helpers import db_dump

SPEC = get_spec("airline")


def _seed(tmp_path: Path, document: dict[str, Any], name: str = "a") -> Settings:
    settings = Settings(data_dir=tmp_path / name)
    seed_service(SPEC, document, settings)
    return settings


def _rows(settings: Settings) -> list[str]:
    return [line for line in db_dump(settings.db_path("airline")) if "_meta" not in line]


def _query(settings: Settings, sql: str, *args: Any) -> list[tuple]:
    conn = sqlite3.connect(settings.db_path("airline"))
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def _error(tmp_path: Path, document: dict[str, Any]) -> str:
    with pytest.raises(SeedError) as info:
        _seed(tmp_path, document, "bad")
    return str(info.value)


def test_default_seed_loads_and_round_trips(tmp_path: Path) -> None:
    first = _seed(tmp_path, SPEC.default_seed())
    exported = export_service(SPEC, first)
    second = _seed(tmp_path, exported, "b")
    assert _rows(first) == _rows(second)
    assert export_service(SPEC, second) == exported
    assert _query(first, "select count(*) from airports")[0][0] == 10
    zones = {z for (z,) in _query(first, "select distinct timezone from airports")}
    assert len(zones) >= 8
    assert _query(first, "select count(*) from flights")[0][0] > 200
    statuses = dict(_query(first, "select status, count(*) from bookings group by status"))
    assert set(statuses) == {"confirmed", "changed", "cancelled"}
    assert _query(first, "select count(*) from users")[0][0] == 3


def test_test_seed_round_trips_after_relative_dates(tmp_path: Path) -> None:
    first = _seed(tmp_path, test_seed())
    exported = export_service(SPEC, first)
    assert exported["flights"][0]["date"] == "+0d"
    assert exported["bookings"][0]["created_at"] == "-2d 10:00"
    assert _rows(first) == _rows(_seed(tmp_path, exported, "b"))


def test_seed_derives_seats_prices_and_times(tmp_path: Path) -> None:
    settings = _seed(tmp_path, test_seed())
    seats = dict(
        _query(
            settings,
            "select number, position || ':' || extra_legroom || ':' || fee_cents from seats "
            "where flight_id = 1 and number in ('10A', '10B', '10C', '11D', '1A', '1C')",
        )
    )
    assert seats == {
        "10A": "window:1:4000",
        "10B": "middle:1:4000",
        "10C": "aisle:1:4000",
        "11D": "aisle:0:1500",
        "1A": "window:0:0",
        "1C": "aisle:0:0",
    }
    # 15:00 in New York on 2026-03-02 is 20:00 UTC
    assert _query(
        settings, "select scheduled_departure, scheduled_arrival from flights where id=1"
    ) == [("2026-03-02 20:00:00.000000", "2026-03-02 21:15:00.000000")]
    # fare 200 + seat 11A 15
    assert _query(settings, "select total_price_cents from bookings where reference='ALICE1'") == [
        (21500,)
    ]
    kinds = _query(
        settings,
        "select kind, amount_cents from charges where booking_id = 2 order by id",
    )
    assert kinds == [("fare", 40000), ("bag", 3500)]


def test_unpinned_reference_derives_from_id(tmp_path: Path) -> None:
    seed = test_seed()
    del seed["bookings"][0]["reference"]
    settings = _seed(tmp_path, seed)
    assert _query(settings, "select reference from bookings where id = 1") == [
        (booking_reference(1),)
    ]
    assert len(booking_reference(1)) == 6 and booking_reference(1) != booking_reference(2)


@pytest.mark.parametrize(
    ("mutate", "path", "expected"),
    [
        (
            lambda s: s["flights"][0].update(origin="XXX"),
            "airline.flights[0].origin",
            "unknown airport 'XXX'",
        ),
        (
            lambda s: s["airports"][0].update(timezone="Mars/Base"),
            "airline.airports[0].timezone",
            "unknown time zone",
        ),
        (
            lambda s: s["bookings"][0].update(user="zed"),
            "airline.bookings[0].user",
            "unknown user 'zed'",
        ),
        (
            lambda s: s["bookings"][5]["passengers"][0].update(seat="11A"),
            "airline.bookings[5].passengers[0].seat",
            "not a business seat",
        ),
        (
            lambda s: s["bookings"][1].update(
                flight={"number": "TS100", "date": "+1d"},
                passengers=[{**s["bookings"][1]["passengers"][0], "seat": "11A"}],
            ),
            "airline.bookings[1].passengers[0].seat",
            "seat 11A on TS100 on 2026-03-03 is already",
        ),
        (
            lambda s: s["bookings"][0].update(payment_method="9999"),
            "airline.bookings[0].payment_method",
            "no saved card ending in '9999'",
        ),
        (
            lambda s: s["bookings"][0].update(return_flight={"number": "TS201", "date": "+5d"}),
            "airline.bookings[0].return_flight",
            "does not fly back",
        ),
        (
            lambda s: s["flights"].append(flight("TS100", "+0d", "JFK", "BOS", "09:00")),
            "airline.flights[13].number",
            "duplicate flight",
        ),
        (
            lambda s: s["flights"][0].update(status="delayed"),
            "airline.flights[0]",
            "needs 'delay_minutes'",
        ),
        (
            lambda s: s["bookings"][0].update(status="cancelled"),
            "airline.bookings[0].cancelled_at",
            "needs 'cancelled_at'",
        ),
        (
            lambda s: s["flights"][0]["cabins"].__setitem__(1, economy(occupied=["99Z"])),
            "airline.flights[0].cabins[1].occupied[0]",
            "seat '99Z' is not in this cabin",
        ),
        (
            lambda s: s["bookings"][0].update(cabin="premium_economy"),
            "airline.bookings[0].cabin",
            "has no premium_economy cabin",
        ),
        (
            lambda s: s["bookings"][1].update(reference="ALICE1"),
            "airline.bookings[1].reference",
            "used twice",
        ),
        (
            lambda s: s["flights"][0]["cabins"][1].update(rows="1-3"),
            "airline.flights[0].cabins[1].rows",
            "overlap",
        ),
        (
            lambda s: s["announcements"][0].update(flight={"number": "ZZ1", "date": "+0d"}),
            "airline.announcements[0].flight",
            "unknown flight",
        ),
        (
            lambda s: s["flights"][0].update(departure_time="25:00"),
            "airline.flights[0].departure_time",
            "pattern",
        ),
        (
            lambda s: s["bookings"][0].update(travel_credit_used=10_000),
            "airline.bookings[0].travel_credit_used",
            "exceeds the booking total",
        ),
    ],
)
def test_bad_seeds_name_the_path(tmp_path: Path, mutate: Any, path: str, expected: str) -> None:
    seed = test_seed()
    mutate(seed)
    message = _error(tmp_path, seed)
    assert f"{path}:" in message, message
    assert expected in message, message
    assert not (tmp_path / "bad" / "airline.db").exists()
