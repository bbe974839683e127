#!/usr/bin/env python3
"""Verifier of airline-checkin-passport: both passengers of PX4M2Q have the passport numbers
the user gave, sit side by side on the outbound flight, and are checked in for it (and only
for it)."""

from functools import cache

from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("airline-checkin-passport")

REFERENCE = "PX4M2Q"
PASSPORTS = {"Alice": "19FR44821", "Leo": "21FR90317"}  # given in the instruction
EXPECTED_LEO_SEAT = "24B"  # the only free seat beside Alice's 24A


@cache
def outbound_tickets() -> list[dict]:
    return query(
        "airline",
        "SELECT p.first_name, s.number AS seat, t.checked_in_at FROM tickets t "
        "JOIN passengers p ON p.id = t.passenger_id JOIN bookings b ON b.id = t.booking_id "
        "LEFT JOIN seats s ON s.id = t.seat_id WHERE b.reference = ? AND t.leg = 'outbound'",
        [REFERENCE],
    )


@verifier.checkpoint(weight=2, rationale="each passenger has the passport number given")
def passports_recorded() -> float:
    rows = query(
        "airline",
        "SELECT p.first_name, p.passport_number FROM passengers p JOIN "
        "bookings b ON b.id = p.booking_id WHERE b.reference = ?",
        [REFERENCE],
    )
    return sum(PASSPORTS[r["first_name"]] == r["passport_number"] for r in rows) / len(PASSPORTS)


@verifier.checkpoint(weight=2, rationale="both passengers are checked in for today's flight")
def checked_in() -> float:
    return sum(bool(t["checked_in_at"]) for t in outbound_tickets()) / len(PASSPORTS)


@verifier.checkpoint(weight=1, rationale="Leo sits in the seat beside his mother's")
def seated_together() -> bool:
    seats = {t["first_name"]: t["seat"] for t in outbound_tickets()}
    assert seats.get("Leo") == EXPECTED_LEO_SEAT, f"seats: {seats}"
    return True


@verifier.checkpoint(weight=1, rationale="no bags, no return check-in, nothing else changed")
def nothing_else_changed() -> bool:
    diff = diff_service("airline")
    problems = diff.unexpected(
        {
            "passengers": ["changed"],
            "tickets": ["changed"],
            "charges": ["added"],
            "bookings": ["changed"],
        }
    )
    for change in diff.changed("tickets"):
        if change.after["leg"] != "outbound":
            problems.append("a return ticket changed")
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
