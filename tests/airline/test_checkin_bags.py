"""Check-in windows, seat assignment, boarding passes and checked baggage."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.airline.conftest import assert_export_round_trips, test_seed
from tests.helpers import ApiClient, expect, expect_error


@pytest.fixture(scope="module")
def airline(start_airline) -> ApiClient:  # type: ignore[no-untyped-def]
    seed = test_seed()
    seed["bookings"].append(
        {
            "reference": "LATE01",
            "user": "alice",
            "flight": {"number": "TS300", "date": "+0d"},
            "payment_method": "4242",
            "passengers": [
                {
                    "first_name": "Alice",
                    "last_name": "Martin",
                    "date_of_birth": "1986-04-12",
                    "passport_number": "X1234567",
                }
            ],
        }
    )
    return start_airline(seed)


def _bag(client: ApiClient, ref: str, passenger_id: int, kg: float):  # type: ignore[no-untyped-def]
    return client.post(
        f"/api/bookings/{ref}/bags", json={"passenger_id": passenger_id, "weight_kg": kg}
    )


def test_check_in_assigns_seats_and_issues_passes(bob: ApiClient) -> None:
    booking = expect(bob.get("/api/bookings/BOBBY1"), 200)
    result = expect(bob.post("/api/bookings/BOBBY1/check-in", json={}), 200)
    assert result["total"] == 2
    first, second = result["items"]
    assert first == {
        "booking_reference": "BOBBY1",
        "passenger_id": booking["passengers"][0]["id"],
        "passenger_name": "CHEN/BOB",
        "leg": "outbound",
        "flight_number": "TS100",
        "date": "2026-03-02",
        "origin": "JFK",
        "destination": "BOS",
        "departure": "2026-03-02T20:00:00Z",
        "departure_local": "2026-03-02T15:00:00-05:00",
        "cabin": "economy",
        "seat": "11A",
        "gate": "B7",
        "boarding_time": "2026-03-02T19:20:00Z",
        "boarding_time_local": "2026-03-02T14:20:00-05:00",
        "sequence": 1,
        "barcode": first["barcode"],
    }
    assert "BOBBY1" in first["barcode"] and "11A" in first["barcode"]
    assert (second["seat"], second["sequence"]) == ("11B", 2)
    again = expect(bob.post("/api/bookings/BOBBY1/check-in", json={"leg": "outbound"}), 200)
    assert again["items"] == result["items"]
    passes = expect(bob.get("/api/bookings/BOBBY1/boarding-passes"), 200)
    assert passes["items"] == result["items"]
    after = expect(bob.get("/api/bookings/BOBBY1"), 200)
    ticket = after["passengers"][0]["tickets"][0]
    assert ticket["checked_in"] is True and ticket["seat"] == "11A" and ticket["seat_fee"] == 0.0
    assert after["total_price"] == booking["total_price"]  # assigned seats are free

    mei = after["passengers"][1]
    refused = bob.delete(f"/api/bookings/BOBBY1/bags/{mei['bags'][0]['id']}")
    assert "already checked in" in expect_error(refused, 409)["message"]
    seat = bob.post("/api/bookings/BOBBY1/seats", json={"passenger_id": mei["id"], "seat": "12C"})
    assert "already checked in" in expect_error(seat, 409)["message"]
    change = bob.post("/api/bookings/BOBBY1/change", json={"flight_id": 2})
    assert "checked in" in expect_error(change, 409)["message"]


def test_check_in_window_messages(alice: ApiClient, bob: ApiClient) -> None:
    early = expect_error(alice.post("/api/bookings/ALICE1/check-in", json={}), 409)
    assert early["message"] == (
        "check-in for TS100 JFK-BOS on 2026-03-03 is not open yet: it opens at "
        "2026-03-02T20:00:00Z (24 hours before departure)"
    )
    late = expect_error(alice.post("/api/bookings/LATE01/check-in", json={}), 409)
    assert "closed at 2026-03-02T08:30:00Z (1 hour before departure)" in late["message"]
    cancelled = expect_error(bob.post("/api/bookings/BOBBY2/check-in", json={}), 409)
    assert "TS302 LHR-CDG on 2026-03-04 is cancelled" in cancelled["message"]
    past = expect_error(alice.post("/api/bookings/ALICE3/check-in", json={}), 409)
    assert "already departed" in past["message"]
    expect_error(alice.post("/api/bookings/ALICE3/check-in", json={"leg": "sideways"}), 422)


def test_international_check_in_needs_passport(alice: ApiClient) -> None:
    booking = expect(alice.get("/api/bookings/ALICE2"), 200)
    pid = booking["passengers"][0]["id"]
    missing = expect_error(alice.post("/api/bookings/ALICE2/check-in", json={}), 409)
    assert "Alice Martin" in missing["message"] and "passport" in missing["message"]
    assert f"/api/bookings/ALICE2/passengers/{pid}" in missing["message"]
    unknown = alice.post("/api/bookings/ALICE2/check-in", json={"passenger_ids": [999]})
    assert "passenger 999" in expect_error(unknown, 404)["message"]
    expect(
        alice.patch(f"/api/bookings/ALICE2/passengers/{pid}", json={"passport_number": "x1234567"}),
        200,
    )
    passes = expect(alice.post("/api/bookings/ALICE2/check-in", json={"passenger_ids": [pid]}), 200)
    assert passes["items"][0]["flight_number"] == "TS200" and passes["items"][0]["sequence"] == 1
    back = expect_error(alice.post("/api/bookings/ALICE2/check-in", json={"leg": "return"}), 409)
    assert "TS201 LHR-JFK on 2026-03-07 is not open yet" in back["message"]


def test_bag_fees_limits_and_removal(alice: ApiClient) -> None:
    booking = expect(alice.get("/api/bookings/ALICE1"), 200)
    pid = booking["passengers"][0]["id"]
    first = expect(_bag(alice, "ALICE1", pid, 20), 201)
    assert (first["fee"], first["overweight"], first["weight_kg"]) == (35.0, False, 20.0)
    heavy = expect(_bag(alice, "ALICE1", pid, 25.5), 201)
    assert (heavy["fee"], heavy["overweight"]) == (150.0, True)  # second bag 50 + overweight 100
    too_heavy = expect_error(_bag(alice, "ALICE1", pid, 33), 422)
    assert "at most 32 kg" in too_heavy["message"]
    expect_error(_bag(alice, "ALICE1", pid, 0), 422)
    expect(_bag(alice, "ALICE1", pid, 10), 201)
    fourth = expect_error(_bag(alice, "ALICE1", pid, 10), 409)
    assert "already has 3 checked bags" in fourth["message"]
    bags = expect(alice.get("/api/bookings/ALICE1/bags"), 200)
    assert bags["total"] == 3 and [b["fee"] for b in bags["items"]] == [35.0, 150.0, 50.0]
    assert expect(alice.get("/api/bookings/ALICE1"), 200)["total_price"] == 215 + 235

    removed = alice.delete(f"/api/bookings/ALICE1/bags/{heavy['id']}")
    assert removed.status_code == 204 and not removed.content
    after = expect(alice.get("/api/bookings/ALICE1"), 200)
    assert after["total_price"] == 215 + 85
    assert after["charges"][-1]["kind"] == "bag" and after["charges"][-1]["amount"] == -150.0
    assert [b["id"] for b in after["passengers"][0]["bags"]] == [
        first["id"],
        bags["items"][2]["id"],
    ]
    gone = expect_error(alice.delete(f"/api/bookings/ALICE1/bags/{heavy['id']}"), 404)
    assert f"bag {heavy['id']} is not on booking ALICE1" in gone["message"]
    stranger = expect_error(_bag(alice, "ALICE1", 999, 10), 404)
    assert "passenger 999" in stranger["message"]


def test_bag_fees_by_cabin_and_legs(alice: ApiClient) -> None:
    business = expect(alice.get("/api/bookings/ALICE4"), 200)
    free = expect(_bag(alice, "ALICE4", business["passengers"][0]["id"], 23), 201)
    assert free["fee"] == 0.0 and free["overweight"] is False
    assert expect(alice.get("/api/bookings/ALICE4"), 200)["total_price"] == business["total_price"]
    round_trip = expect(alice.get("/api/bookings/ALICE2"), 200)
    bag = expect(_bag(alice, "ALICE2", round_trip["passengers"][0]["id"], 18), 201)
    assert bag["fee"] == 70.0  # first economy bag on two flights
    past = expect(alice.get("/api/bookings/ALICE3"), 200)["passengers"][0]["id"]
    departed = expect_error(_bag(alice, "ALICE3", past, 10), 409)
    assert "has already departed" in departed["message"]


def test_export_after_activity_reseeds_identically(airline: ApiClient, tmp_path: Path) -> None:
    assert_export_round_trips(airline, tmp_path)
