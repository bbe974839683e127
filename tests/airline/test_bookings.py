"""Bookings: create, read, seats, passenger data, changes, cancellation, isolation and audit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mock_services.airline.policy import booking_reference
from tests.airline.conftest import assert_export_round_trips, flight_id, free_seats, test_seed
from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO

PAX = {"first_name": "Alice", "last_name": "Martin", "date_of_birth": "1986-04-12"}
GUEST = {"first_name": "Tom", "last_name": "Martin", "date_of_birth": "1984-09-30"}


def _book(client: ApiClient, **body: Any) -> Any:
    body.setdefault("passengers", [PAX])
    if "card" not in body:
        body.setdefault("payment_method_id", 1)
    return client.post("/api/bookings", json=body)


def _ledger(booking: dict) -> list[tuple[str, float]]:
    return [(c["kind"], c["amount"]) for c in booking["charges"]]


@OVER_HTTP_TOO
def test_create_booking_with_seat_and_saved_card(airline: ApiClient, alice: ApiClient) -> None:
    fid = flight_id(airline, "TS102", "2026-03-03")
    before = len(airline.audit())
    booking = expect(_book(alice, flight_id=fid, passengers=[{**PAX, "seat": "10a"}, GUEST]), 201)
    assert booking["reference"] == booking_reference(booking["id"]) and booking["id"] == 7
    assert booking["status"] == "confirmed" and booking["cabin"] == "economy"
    assert booking["card_summary"] == "VISA ****4242" and booking["payment_method_id"] == 1
    assert booking["total_price"] == 340.0  # 2 x 150 + extra-legroom seat 40
    assert _ledger(booking) == [("fare", 300.0), ("seat", 40.0)]
    first, second = booking["passengers"]
    assert first["tickets"][0]["seat"] == "10A" and first["tickets"][0]["seat_fee"] == 40.0
    assert second["tickets"][0]["seat"] is None
    assert [leg["leg"] for leg in booking["flights"]] == ["outbound"]
    assert expect(alice.get(f"/api/bookings/{booking['reference'].lower()}"), 200) == booking
    assert "10A" not in free_seats(airline, fid)

    entries = [e for e in airline.audit()[before:] if e["path"] == "/api/bookings"]
    assert entries and entries[-1]["username"] == "alice" and entries[-1]["status"] == 201
    tables = {(c["table"], c["action"]) for c in entries[-1]["changes"]}
    assert {
        ("bookings", "insert"),
        ("passengers", "insert"),
        ("tickets", "insert"),
        ("charges", "insert"),
    } <= tables
    inserted = next(c for c in entries[-1]["changes"] if c["table"] == "bookings")
    assert inserted["after"]["reference"] == booking["reference"]
    assert inserted["after"]["total_price_cents"] == 34000


def test_create_round_trip_with_card_summary(airline: ApiClient, alice: ApiClient) -> None:
    out = flight_id(airline, "TS100", "2026-03-02")
    back = flight_id(airline, "TS101", "2026-03-05")
    card = {"brand": "visa", "last4": "9999", "expiry": "10/29"}
    booking = expect(_book(alice, flight_id=out, return_flight_id=back, card=card), 201)
    assert booking["card_summary"] == "VISA ****9999" and booking["payment_method_id"] is None
    assert booking["total_price"] == 400.0
    assert [leg["flight"]["number"] for leg in booking["flights"]] == ["TS100", "TS101"]
    assert [t["leg"] for t in booking["passengers"][0]["tickets"]] == ["outbound", "return"]


@OVER_HTTP_TOO
def test_create_booking_refusals(airline: ApiClient, alice: ApiClient) -> None:
    fid = flight_id(airline, "TS102", "2026-03-03")
    count = expect(alice.get("/api/bookings"), 200)["total"]
    cases = [
        (_book(alice, flight_id=fid, payment_method_id=3), 403, "belongs to another account"),
        (_book(alice, flight_id=fid, payment_method_id=99), 404, "payment method 99"),
        (_book(alice, flight_id=fid, payment_method_id=2), 422, "ending in 4444 expired"),
        (
            _book(alice, flight_id=fid, card={"brand": "visa", "last4": "1", "expiry": "1/2"}),
            422,
            "card.last4",
        ),
        (
            _book(
                alice,
                flight_id=fid,
                payment_method_id=1,
                card={"brand": "visa", "last4": "1234", "expiry": "10/29"},
            ),
            422,
            "exactly one of 'payment_method_id' or 'card'",
        ),
        (
            _book(
                alice, flight_id=flight_id(airline, "TS106", "2026-03-03"), passengers=[PAX, GUEST]
            ),
            409,
            "only 1 economy seat(s) left on TS106",
        ),
        (
            _book(alice, flight_id=flight_id(airline, "TS302", "2026-03-04")),
            409,
            "TS302 LHR-CDG on 2026-03-04 is cancelled",
        ),
        (
            _book(alice, flight_id=flight_id(airline, "TS300", "2026-03-02")),
            409,
            "closed for sale",
        ),
        (
            _book(alice, flight_id=fid, return_flight_id=flight_id(airline, "TS201", "2026-03-07")),
            422,
            "must fly back from BOS to JFK",
        ),
        (
            _book(alice, flight_id=fid, passengers=[{**PAX, "date_of_birth": "2030-01-01"}]),
            422,
            "date_of_birth must be in the past",
        ),
        (_book(alice, flight_id=fid, cabin="premium_economy"), 409, "no premium_economy cabin"),
        (_book(alice, flight_id=9999), 404, "flight 9999 not found"),
        (_book(alice, flight_id=fid, passengers=[]), 422, "passengers"),
        (
            _book(alice, flight_id=fid, passengers=[{**PAX, "seat": "1A"}]),
            422,
            "seat 1A is in business",
        ),
        (_book(airline, flight_id=fid), 401, "log in"),
    ]
    for response, status, words in cases:
        error = expect_error(response, status)
        assert words in error["message"], (words, error)
    assert expect(alice.get("/api/bookings"), 200)["total"] == count


def test_taken_seat_at_booking_rolls_back(airline: ApiClient, alice: ApiClient) -> None:
    fid = flight_id(airline, "TS100", "2026-03-03")
    count = expect(alice.get("/api/bookings"), 200)["total"]
    error = expect_error(_book(alice, flight_id=fid, passengers=[{**PAX, "seat": "11A"}]), 409)
    assert "seat 11A" in error["message"] and "already taken" in error["message"]
    assert expect(alice.get("/api/bookings"), 200)["total"] == count


@OVER_HTTP_TOO
def test_bookings_are_private(airline: ApiClient, alice: ApiClient, bob: ApiClient) -> None:
    mine = expect(alice.get("/api/bookings"), 200)
    refs = {b["reference"] for b in mine["items"]}
    assert {"ALICE1", "ALICE2", "ALICE3", "ALICE4"} <= refs
    assert not refs & {"BOBBY1", "BOBBY2"}
    theirs = {b["reference"] for b in expect(bob.get("/api/bookings"), 200)["items"]}
    assert theirs == {"BOBBY1", "BOBBY2"}
    error = expect_error(bob.get("/api/bookings/ALICE1"), 403, "forbidden")
    assert "ALICE1 belongs to another account" in error["message"]
    expect_error(bob.post("/api/bookings/ALICE1/cancel", json={}), 403)
    expect_error(
        bob.post("/api/bookings/ALICE1/seats", json={"passenger_id": 1, "seat": "12B"}), 403
    )
    expect_error(
        bob.post("/api/bookings/ALICE1/bags", json={"passenger_id": 1, "weight_kg": 10}), 403
    )
    expect_error(alice.get("/api/bookings/NOPE99"), 404, "not_found")
    expect_error(airline.get("/api/bookings"), 401)
    only = expect(alice.get("/api/bookings", params={"status": "cancelled"}), 200)
    assert all(b["status"] == "cancelled" for b in only["items"])
    # the seeded booking is unchanged
    assert expect(alice.get("/api/bookings/ALICE1"), 200)["status"] == "confirmed"


def test_select_seats(airline: ApiClient, alice: ApiClient) -> None:
    fid = flight_id(airline, "TS102", "2026-03-03")
    booking = expect(_book(alice, flight_id=fid, passengers=[{**PAX, "seat": "10B"}, GUEST]), 201)
    ref = booking["reference"]
    p1, p2 = (p["id"] for p in booking["passengers"])
    after = expect(
        alice.post(f"/api/bookings/{ref}/seats", json={"passenger_id": p2, "seat": "11B"}), 200
    )
    assert after["passengers"][1]["tickets"][0]["seat"] == "11B"
    assert after["total_price"] == 300 + 40 + 15
    moved = expect(
        alice.post(f"/api/bookings/{ref}/seats", json={"passenger_id": p1, "seat": "12E"}), 200
    )
    assert moved["passengers"][0]["tickets"][0]["seat"] == "12E"
    assert moved["total_price"] == 300 + 15 + 15
    assert _ledger(moved)[-2:] == [("seat", -40.0), ("seat", 15.0)]
    assert "10B" in free_seats(airline, fid)

    def refuse(body: dict, status: int, words: str) -> None:
        error = expect_error(alice.post(f"/api/bookings/{ref}/seats", json=body), status)
        assert words in error["message"], error

    refuse(
        {"passenger_id": p2, "seat": "12E"},
        409,
        "seat 12E on TS102 JFK-BOS on 2026-03-03 is already taken",
    )
    refuse({"passenger_id": p2, "seat": "1C"}, 422, "seat 1C is in business")
    refuse({"passenger_id": p2, "seat": "30A"}, 422, "seat 30A does not exist")
    refuse({"passenger_id": 999, "seat": "12A"}, 404, f"passenger 999 is not on booking {ref}")
    refuse({"passenger_id": p2, "seat": "12A", "leg": "return"}, 422, "has no return flight")
    refuse({"passenger_id": p2, "seat": "12"}, 422, "seat")


def test_passport_update(alice: ApiClient) -> None:
    booking = expect(alice.get("/api/bookings/ALICE2"), 200)
    pid = booking["passengers"][0]["id"]
    url = f"/api/bookings/ALICE2/passengers/{pid}"
    updated = expect(alice.patch(url, json={"passport_number": "X1234567"}), 200)
    assert updated["passengers"][0]["passport_number"] == "X1234567"
    expect_error(alice.patch(url, json={"passport_number": "no!"}), 422)
    error = expect_error(
        alice.patch("/api/bookings/ALICE2/passengers/1", json={"passport_number": "X1234567"}), 404
    )
    assert "passenger 1 is not on booking ALICE2" in error["message"]


def test_change_flight_charges_difference_and_fee(airline: ApiClient, alice: ApiClient) -> None:
    dearer = flight_id(airline, "TS104", "2026-03-03")
    cheaper = flight_id(airline, "TS102", "2026-03-03")
    old = flight_id(airline, "TS100", "2026-03-03")
    up = expect(alice.post("/api/bookings/ALICE1/change", json={"flight_id": dearer}), 200)
    assert (
        up["fare_difference"],
        up["change_fee"],
        up["amount_charged"],
        up["amount_credited"],
    ) == (
        60.0,
        75.0,
        135.0,
        0.0,
    )
    booking = up
    assert booking["status"] == "changed" and booking["changed_at"] is not None
    assert booking["flights"][0]["flight"]["number"] == "TS104"
    assert booking["passengers"][0]["tickets"][0]["seat"] is None  # released, to re-choose
    assert booking["total_price"] == 215 - 15 + 60 + 75
    assert "11A" in free_seats(airline, old)
    down = expect(alice.post("/api/bookings/ALICE1/change", json={"flight_id": cheaper}), 200)
    assert (down["fare_difference"], down["change_fee"], down["amount_credited"]) == (
        -110.0,
        75.0,
        110.0,
    )
    assert down["total_price"] == 335 - 110 + 75

    def refuse(ref: str, body: dict, status: int, words: str) -> None:
        error = expect_error(alice.post(f"/api/bookings/{ref}/change", json=body), status)
        assert words in error["message"], error

    refuse("ALICE1", {"flight_id": cheaper}, 422, "already on TS102")
    refuse(
        "ALICE1",
        {"flight_id": flight_id(airline, "TS200", "2026-03-02")},
        422,
        "not on the same route",
    )
    refuse("ALICE1", {"flight_id": cheaper, "leg": "return"}, 422, "has no return flight")
    refuse("ALICE3", {"flight_id": cheaper}, 409, "has already departed")
    refuse("ALICE1", {"flight_id": 9999}, 404, "flight 9999")


def test_refundable_and_airline_cancelled_changes_are_free(
    airline: ApiClient, alice: ApiClient, bob: ApiClient
) -> None:
    dearer = flight_id(airline, "TS104", "2026-03-03")
    refundable = expect(alice.post("/api/bookings/ALICE4/change", json={"flight_id": dearer}), 200)
    assert (refundable["fare_difference"], refundable["change_fee"]) == (50.0, 0.0)
    rebook = flight_id(airline, "TS304", "2026-03-04")
    free = expect(bob.post("/api/bookings/BOBBY2/change", json={"flight_id": rebook}), 200)
    assert (free["fare_difference"], free["change_fee"], free["amount_charged"]) == (0.0, 0.0, 0.0)
    assert free["total_price"] == 200.0  # seat fee 40 credited back with the seat


def _economy_left(client: ApiClient, fid: int) -> int:
    flight = expect(client.get(f"/api/flights/{fid}"), 200)
    return next(f["seats_available"] for f in flight["fares"] if f["cabin"] == "economy")


def test_cancel_with_quote_fee_and_travel_credit(airline: ApiClient, alice: ApiClient) -> None:
    fid = flight_id(airline, "TS102", "2026-03-03")
    a = expect(_book(alice, flight_id=fid, passengers=[{**PAX, "seat": "12B"}, GUEST]), 201)
    b = expect(_book(alice, flight_id=fid), 201)
    economy_left = _economy_left(airline, fid)
    quote = expect(alice.get(f"/api/bookings/{a['reference']}/cancellation"), 200)
    assert quote == {
        "can_cancel": True,
        "reason": None,
        "total_paid": 315.0,
        "refundable_fare": False,
        "flight_cancelled_by_airline": False,
        "refund_to_original_payment": 115.0,
        "travel_credit_returned": 0.0,
        "cancellation_fee": 200.0,
        "travel_credit_alternative": 315.0,
    }
    cancelled = expect(alice.post(f"/api/bookings/{a['reference']}/cancel", json={}), 200)
    assert cancelled["status"] == "cancelled" and cancelled["cancelled_at"] is not None
    assert (
        cancelled["refund_amount"],
        cancelled["refund_method"],
        cancelled["cancellation_fee"],
    ) == (
        115.0,
        "original_payment",
        200.0,
    )
    assert "12B" in free_seats(airline, fid)
    assert _economy_left(airline, fid) == economy_left + 2  # a cancelled booking holds no seat
    credit_before = expect(alice.get("/api/account"), 200)["travel_credit"]
    credited = expect(
        alice.post(
            f"/api/bookings/{b['reference']}/cancel", json={"refund_method": "travel_credit"}
        ),
        200,
    )
    assert (credited["refund_amount"], credited["refund_method"], credited["cancellation_fee"]) == (
        150.0,
        "travel_credit",
        0.0,
    )
    assert expect(alice.get("/api/account"), 200)["travel_credit"] == credit_before + 150

    again = expect_error(alice.post(f"/api/bookings/{a['reference']}/cancel", json={}), 409)
    assert "already cancelled" in again["message"]
    seat = alice.post(
        f"/api/bookings/{a['reference']}/seats",
        json={"passenger_id": a["passengers"][0]["id"], "seat": "12C"},
    )
    assert "is cancelled" in expect_error(seat, 409)["message"]
    expect_error(
        alice.post(f"/api/bookings/{a['reference']}/cancel", json={"refund_method": "cash"}), 422
    )


def test_cancel_refundable_and_departed(alice: ApiClient) -> None:
    full = expect(alice.post("/api/bookings/ALICE4/cancel", json={}), 200)
    assert full["refund_amount"] == full["total_price"] == 950.0 and full["cancellation_fee"] == 0.0
    quote = expect(alice.get("/api/bookings/ALICE3/cancellation"), 200)
    assert quote["can_cancel"] is False and "departed" in quote["reason"]
    error = expect_error(alice.post("/api/bookings/ALICE3/cancel", json={}), 409)
    assert "TS100 JFK-BOS on 2026-03-01 has already departed" in error["message"]


def test_account_lists_own_cards_only(alice: ApiClient, bob: ApiClient) -> None:
    account = expect(alice.get("/api/account"), 200)
    assert account["username"] == "alice"
    assert [(c["id"], c["summary"]) for c in account["payment_methods"]] == [
        (1, "VISA ****4242"),
        (2, "MASTERCARD ****4444"),
    ]
    assert [c["last4"] for c in expect(bob.get("/api/account"), 200)["payment_methods"]] == ["1111"]


def test_export_after_activity_reseeds_identically(airline: ApiClient, tmp_path: Path) -> None:
    assert_export_round_trips(airline, tmp_path)


def test_travel_credit_pays_first_and_goes_back_to_credit(
    start_airline: Callable[..., ApiClient], tmp_path: Path
) -> None:
    seed = test_seed()
    seed["users"][0]["travel_credit"] = 250
    airline = start_airline(seed)
    alice = airline.as_user("alice", "alice-pass")
    fid = flight_id(airline, "TS102", "2026-03-03")  # economy 150 per passenger

    def credit() -> float:
        return expect(alice.get("/api/account"), 200)["travel_credit"]

    two = expect(_book(alice, flight_id=fid, passengers=[PAX, GUEST], use_travel_credit=True), 201)
    assert (two["total_price"], two["travel_credit_used"], credit()) == (300.0, 250.0, 0.0)
    quote = expect(alice.get(f"/api/bookings/{two['reference']}/cancellation"), 200)
    # the $200 fee takes the $50 the card paid, then $150 of the credit
    assert (
        quote["refund_to_original_payment"],
        quote["travel_credit_returned"],
        quote["cancellation_fee"],
        quote["travel_credit_alternative"],
    ) == (0.0, 100.0, 200.0, 300.0)
    cancelled = expect(alice.post(f"/api/bookings/{two['reference']}/cancel", json={}), 200)
    assert (cancelled["refund_amount"], credit()) == (0.0, 100.0)

    one = expect(_book(alice, flight_id=fid, use_travel_credit=True), 201)
    assert (one["travel_credit_used"], credit()) == (100.0, 0.0)
    as_credit = {"refund_method": "travel_credit"}
    expect(alice.post(f"/api/bookings/{one['reference']}/cancel", json=as_credit), 200)
    assert credit() == 150.0  # everything back as credit, the card's $50 included
    without = expect(_book(alice, flight_id=fid), 201)
    assert (without["travel_credit_used"], credit()) == (0.0, 150.0)
    assert_export_round_trips(airline, tmp_path)  # the credit used survives an export


def test_refundable_fare_returns_card_and_credit_parts_in_full(
    start_airline: Callable[..., ApiClient],
) -> None:
    seed = test_seed()
    seed["users"][0]["travel_credit"] = 100
    airline = start_airline(seed)
    alice = airline.as_user("alice", "alice-pass")
    fid = flight_id(airline, "TS102", "2026-03-03")
    booked = expect(_book(alice, flight_id=fid, cabin="business", use_travel_credit=True), 201)
    assert (booked["total_price"], booked["travel_credit_used"]) == (800.0, 100.0)
    quote = expect(alice.get(f"/api/bookings/{booked['reference']}/cancellation"), 200)
    assert quote["refundable_fare"] is True
    assert (quote["refund_to_original_payment"], quote["travel_credit_returned"]) == (700.0, 100.0)
