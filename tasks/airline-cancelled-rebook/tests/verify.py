#!/usr/bin/env python3
"""Verifier of airline-cancelled-rebook (email -> airline -> email): booking K7Q2XM moved by
the airline's change to the earliest same-day flight on the route with a free seat, and a mail
delivered to Bob giving that flight and its London landing time, no other flight's (goals);
the airline and the mailbox changed field by field exactly as that change and that one mail
change them, with no cancel, new booking or other account's call on the way. The airline
answered the first calls with 429/503 and Retry-After. Dates are relative to the seed's clock."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Verifier,
    all_calls_as,
    calls,
    expect_changes,
    mailbox_ids,
    never_called,
    query,
    seed_time,
    sent_mail,
)

verifier = Verifier("airline-cancelled-rebook")

REFERENCE = "K7Q2XM"
EXPECTED_FLIGHT = "LC216"  # LC220 leaves earlier but is full; LC218 is cheaper but later
EXPECTED_DAY = "+1d"
EXPECTED_ARRIVAL = "14:05"  # London time
# the London landing times of the day's other flights: a mail giving them leaves Bob guessing
# (or was written to match whatever the grader looks for); naming them ("LC220 was full") is fine
OTHER_ARRIVALS = ("12:10", "18:25")
ALICE, BOB = "alice@example.test", "bob@example.test"
# what the instruction forbids, even when undone before the end (API and web pages alike)
FORBIDDEN = (
    "POST /*bookings/*/cancel",
    "POST /api/bookings",
    "POST /flights/*/book",
    "* /*bookings/*/bags*",
    "* /*bookings/*/seat*",
    "* /*bookings/*/passeng*",
    "* /*bookings/*/passport",
)


@cache
def booking() -> dict:
    (row,) = query("airline", "SELECT * FROM bookings WHERE reference = ?", [REFERENCE])
    return row


@cache
def expected_flight_id() -> int:
    day = seed_time("airline").day(EXPECTED_DAY)
    (row,) = query(
        "airline",
        "SELECT id FROM flights WHERE number = ? AND departure_date = ?",
        [EXPECTED_FLIGHT, day.isoformat()],
    )
    return row["id"]


@cache
def delivered_to_bob() -> list[str]:
    """Subject and body of each new mail from Alice in her Sent folder whose copy reached Bob's
    inbox (a draft or an unsent copy does not count)."""
    ids = mailbox_ids()
    columns = "message_id, subject, body, from_address"
    sent = query(
        "email",
        f"SELECT {columns} FROM messages WHERE owner_id = ? AND folder_id = ?",
        [ids["alice"], ids["alice/sent"]],
    )
    received = {
        r["message_id"]
        for r in query(
            "email",
            f"SELECT {columns} FROM messages WHERE owner_id = ? AND folder_id = ? "
            "AND from_address = ?",
            [ids["bob"], ids["bob/inbox"], ALICE],
        )
    }
    return [f"{m['subject']}\n{m['body']}" for m in sent if m["message_id"] in received]


@cache
def moved_by_the_airline() -> bool:
    """A successful change call (the API's) names the booking in the audit log."""
    return any(
        entry.path.upper().endswith(f"/BOOKINGS/{REFERENCE}/CHANGE")
        and entry.status is not None
        and entry.status < 400
        for entry in calls("airline", "POST")
    )


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the booking itself was moved by the airline's change to the earliest same-day "
    "flight with room",
)
def rebooked_on_right_flight() -> bool:
    assert booking()["status"] != "cancelled", "the booking was cancelled"
    assert moved_by_the_airline(), "no successful change of the booking in the audit log"
    flight = booking()["outbound_flight_id"]
    assert flight == expected_flight_id(), f"on flight id {flight}, not {EXPECTED_FLIGHT}"
    return True


def told_bob(wanted: str, others: tuple[str, ...]) -> bool:
    mails = delivered_to_bob()
    assert mails, "no mail from Alice was delivered to Bob"
    right = [m for m in mails if wanted in m and not any(o in m for o in others)]
    assert right, f"no delivered mail names {wanted}" + (
        f" and none of {list(others)}" if others else ""
    )
    return True


@verifier.checkpoint(weight=2, goal=True, rationale="Bob got a mail naming the new flight")
def bob_told_flight() -> bool:
    return told_bob(EXPECTED_FLIGHT, ())


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the mail gives the London landing time (and no other flight's)",
)
def bob_told_arrival() -> bool:
    return told_bob(EXPECTED_ARRIVAL, OTHER_ARRIVALS)


def airline_changes() -> list[Changed]:
    """The change: the booking and its one ticket moved, the old seat released (no fee)."""
    return [
        Changed(
            "bookings",
            match={"reference": REFERENCE},
            fields={"outbound_flight_id": expected_flight_id(), "status": ANY, "changed_at": ANY},
        ),
        Changed(
            "tickets",
            match={"booking_id": booking()["id"]},
            fields={"flight_id": expected_flight_id(), "seat_id": None},
        ),
    ]


def email_changes() -> list[Changed | Added]:
    """One mail to Bob alone (Alice's sent copy, Bob's delivered one); Alice may read hers."""
    header = {
        "from_address": ALICE,
        "to_addresses": [BOB],
        "cc_addresses": [],
        "bcc_addresses": [],
    }
    return sent_mail("alice", ["bob"], fields=header)


@verifier.checkpoint(
    weight=3,
    rationale="only that change and that one mail changed the airline and the mailbox, field by "
    "field; no cancel, new booking, seat, bag or passenger call, and every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("airline", airline_changes()).check()
    expect_changes("email", email_changes()).check()
    never_called("airline", *FORBIDDEN).check()
    for service in ("airline", "email"):
        all_calls_as(service, "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
