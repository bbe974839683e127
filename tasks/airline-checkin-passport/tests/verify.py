#!/usr/bin/env python3
"""Verifier of airline-checkin-passport: both passengers of PX4M2Q carry the passport numbers
the user gave, Leo sits in the seat beside his mother's (hers unchanged), and both are checked
in for today's flight, each written by the airline's own operation (update_passenger,
select_seat, check_in; any channel) (goals); and the airline changed field by field exactly as
those steps change it, with no bag, return check-in, cancel or change on the way."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Verifier,
    attempted,
    expect_changes,
    never_performed,
    performed,
    query,
)

verifier = Verifier("airline-checkin-passport")

REFERENCE = "PX4M2Q"
PASSPORTS = {"Alice": "19FR44821", "Leo": "21FR90317"}  # given in the instruction
EXPECTED_LEO_SEAT = "24B"  # the only free seat beside Alice's
SEATS = {"Alice": "24A", "Leo": EXPECTED_LEO_SEAT}  # Alice's is seeded, and stays
# what the instruction forbids, through any channel, even when undone before the end (a bag
# added, then removed)
FORBIDDEN = ("add_bag", "remove_bag", "cancel_booking", "change_booking", "create_booking")


@cache
def tickets(*, seed: bool = False) -> dict[tuple[str, str], dict]:
    """(first name, leg) -> the ticket, with its seat number."""
    rows = query(
        "airline",
        "SELECT t.id, t.leg, t.flight_id, t.seat_id, t.checked_in_at, t.boarding_sequence, "
        "p.first_name, s.number AS seat FROM tickets t "
        "JOIN passengers p ON p.id = t.passenger_id JOIN bookings b ON b.id = t.booking_id "
        "LEFT JOIN seats s ON s.id = t.seat_id WHERE b.reference = ?",
        [REFERENCE],
        seed=seed,
    )
    return {(r["first_name"], r["leg"]): r for r in rows}


@cache
def passengers(*, seed: bool = False) -> dict[str, dict]:
    rows = query(
        "airline",
        "SELECT p.id, p.first_name, p.passport_number FROM passengers p "
        "JOIN bookings b ON b.id = p.booking_id WHERE b.reference = ?",
        [REFERENCE],
        seed=seed,
    )
    return {r["first_name"]: r for r in rows}


@cache
def written_by(operation: str, table: str) -> dict[int, dict]:
    """Row id -> the row of ``table`` as the last successful ``operation`` (any channel) wrote
    it, per the audit log (a row written into the DB file has none)."""
    return {
        int(change.row_id): change.after or {}
        for entry in performed("airline", operation)
        for change in entry.changes
        if change.table == table
    }


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="each passenger has the passport number given, written by the airline's "
    "update_passenger",
)
def passports_recorded() -> bool:
    found = {name: p["passport_number"] for name, p in passengers().items()}
    right = [found.get(name) == number for name, number in PASSPORTS.items()]
    assert all(right), f"passport numbers: {found}"
    written = written_by("update_passenger", "passengers")
    unwritten = [
        name
        for name, number in PASSPORTS.items()
        if written.get(passengers()[name]["id"], {}).get("passport_number") != number
    ]
    assert not unwritten, f"no successful update_passenger wrote the passport of {unwritten}"
    return True


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="both passengers are checked in for today's flight (by the airline's check-in), "
    "neither for the return",
)
def checked_in() -> bool:
    by_airline = written_by("check_in", "tickets")
    outbound = [tickets()[(name, "outbound")] for name in PASSPORTS]
    missing = [
        t["first_name"] for t in outbound if not t["checked_in_at"] or t["id"] not in by_airline
    ]
    returned = [name for name in PASSPORTS if tickets()[(name, "return")]["checked_in_at"]]
    assert not missing and not returned, (
        f"not checked in by the airline: {missing}; checked in for the return: {returned}"
    )
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="Leo sits in the seat beside his mother's, given by the airline's select_seat, "
    "hers unchanged",
)
def seated_together() -> bool:
    seats = {name: tickets()[(name, "outbound")]["seat"] for name in SEATS}
    assert seats == SEATS, f"outbound seats: {seats}"
    leo = tickets()[("Leo", "outbound")]
    chosen = written_by("select_seat", "tickets").get(leo["id"], {}).get("seat_id")
    assert chosen == leo["seat_id"], (
        f"Leo's seat was not given by a successful select_seat ({chosen})"
    )
    return True


@verifier.checkpoint(
    weight=3,
    rationale="only those steps changed the airline, field by field, and no bag, return "
    "check-in, cancel, change or new booking was ever attempted",
)
def nothing_else_changed() -> bool:
    expect_changes("airline", expected_changes()).check()
    never_performed("airline", *FORBIDDEN).check()
    return_check_ins = [
        f"call {e.id} check_in via {e.via} -> {e.status}"
        for e in attempted("airline", "check_in")
        if isinstance(e.body, dict) and e.body.get("leg") == "return"
    ]
    assert not return_check_ins, f"check-in attempted for the return flight: {return_check_ins}"
    return True


def expected_changes() -> list[Changed | Added]:
    """Two passport numbers, Leo's paid seat (its charge, the booking's total), two check-ins."""
    seed = tickets(seed=True)
    leo = seed[("Leo", "outbound")]
    (seat,) = query(
        "airline",
        "SELECT id, fee_cents FROM seats WHERE flight_id = ? AND number = ?",
        [leo["flight_id"], EXPECTED_LEO_SEAT],
        seed=True,
    )
    (booking,) = query(
        "airline",
        "SELECT id, total_price_cents FROM bookings WHERE reference = ?",
        [REFERENCE],
        seed=True,
    )
    people = passengers(seed=True)
    check_in = {"checked_in_at": ANY, "boarding_sequence": ANY}
    rules: list[Changed | Added] = [
        Changed("passengers", match={"id": people[name]["id"]}, fields={"passport_number": number})
        for name, number in PASSPORTS.items()
    ]
    rules += [
        Changed("tickets", match={"id": seed[("Alice", "outbound")]["id"]}, fields=check_in),
        Changed(
            "tickets",
            match={"id": leo["id"]},
            fields={"seat_id": seat["id"], "seat_fee_cents": seat["fee_cents"], **check_in},
        ),
    ]
    if seat["fee_cents"]:
        rules += [
            Added(
                "charges",
                fields={
                    "booking_id": booking["id"],
                    "kind": "seat",
                    "amount_cents": seat["fee_cents"],
                    "description": ANY,
                    "created_at": ANY,
                },
            ),
            Changed(
                "bookings",
                match={"id": booking["id"]},
                fields={"total_price_cents": booking["total_price_cents"] + seat["fee_cents"]},
            ),
        ]
    return rules


if __name__ == "__main__":
    verifier.main()
