#!/usr/bin/env python3
"""Verifier of airline-cancelled-rebook (email -> airline -> email): booking K7Q2XM moved to the
earliest same-day flight on the route with a free seat, and Bob told its number and London
arrival time. The airline answered the first calls with 429/503 and Retry-After. Dates are
relative to the seed's clock."""

from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo

from mock_services.core.clock import resolve_date
from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("airline-cancelled-rebook")

REFERENCE = "K7Q2XM"
EXPECTED_FLIGHT = "LC216"  # LC220 leaves earlier but is full; LC218 is cheaper but later
EXPECTED_DAY = "+1d"
EXPECTED_ARRIVAL = "14:05"  # London time
BOB = "bob@example.test"


@cache
def booking() -> dict:
    (row,) = query("airline", "SELECT * FROM bookings WHERE reference = ?", [REFERENCE])
    return row


@cache
def expected_flight_id() -> int:
    meta = {r["key"]: r["value"] for r in query("airline", "SELECT key, value FROM _meta")}
    day = resolve_date(EXPECTED_DAY, datetime.fromisoformat(meta["now"]), ZoneInfo("Europe/Paris"))
    (row,) = query(
        "airline",
        "SELECT id FROM flights WHERE number = ? AND departure_date = ?",
        [EXPECTED_FLIGHT, day.isoformat()],
    )
    return row["id"]


@cache
def mails_to_bob() -> list[dict]:
    return [
        m
        for m in diff_service("email").added("messages")
        if m["owner_id"] == 1 and BOB in m["to_addresses"] + m["cc_addresses"]
    ]


@verifier.checkpoint(weight=3, rationale="the booking is on the earliest same-day flight with room")
def rebooked_on_right_flight() -> bool:
    assert booking()["status"] != "cancelled", "the booking was cancelled"
    return booking()["outbound_flight_id"] == expected_flight_id()


@verifier.checkpoint(weight=1, rationale="the same booking was moved: no new or cancelled ones")
def booking_kept() -> bool:
    diff = diff_service("airline")
    problems = [
        f"bookings: {p}"
        for p in diff.unexpected(
            {
                "bookings": ["changed"],
                "tickets": ["added", "changed", "removed"],
                "charges": ["added"],
                "seats": ["changed"],
                "flight_cabins": ["changed"],
                "announcements": ["added"],
            }
        )
    ]
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(weight=1, rationale="Bob got a mail naming the new flight")
def bob_told_flight() -> bool:
    return any(EXPECTED_FLIGHT in m["subject"] + m["body"] for m in mails_to_bob())


@verifier.checkpoint(weight=1, rationale="the mail gives the London arrival time")
def bob_told_arrival() -> bool:
    return any(EXPECTED_ARRIVAL in m["subject"] + m["body"] for m in mails_to_bob())


if __name__ == "__main__":
    verifier.main()
