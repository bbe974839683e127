#!/usr/bin/env python3
"""Verifier of airline-cancelled-rebook (email -> airline -> email): booking K7Q2XM moved by
the airline's change (any channel) to the earliest same-day flight on the route with a free
seat, and a mail delivered to Bob naming that flight and its London landing time, no other
flight's landing time, no call-off of the pick-up and no copy of the instruction, and nothing
in it the LLM judge reads as against the record of what was done (goals); the
airline and the mailbox changed field by field exactly as that change and that one mail change
them, with no cancel, new booking, seat, bag, passenger or check-in operation and no other
account's call on the way. The airline answered the first calls with 429/503 and Retry-After.
Dates are relative to the seed's clock."""

from functools import cache
from pathlib import Path

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Findings,
    Record,
    Result,
    Said,
    Verifier,
    all_calls_as,
    audit_log,
    expect_changes,
    judged_agreement,
    mailbox_ids,
    never_performed,
    performed,
    query,
    seed_time,
    sender_words,
    sent_mail,
    spelled,
)

verifier = Verifier("airline-cancelled-rebook")

REFERENCE = "K7Q2XM"
EXPECTED_FLIGHT = "LC216"  # LC220 leaves earlier but is full; LC218 is cheaper but later
EXPECTED_DAY = "+1d"
# London time, as a mail may write it
EXPECTED_ARRIVAL = ("14:05", "14.05", "14h05", "2:05 pm", "2:05pm", "2.05 pm", "2.05pm")
# the London landing times of the other flights into Heathrow that day: a mail giving them
# leaves Bob guessing or lists everyone else's flights; naming those flights ("LC220 was
# full") is fine, and so is the cancelled LC214's time as what was planned (``moved`` below
# catches it given as the new one)
OTHER_ARRIVALS = {
    "LC220's landing time": ("12:10", "12.10", "12h10"),
    "LC218's landing time": ("18:25", "18.25", "18h25", "6:25 pm", "6:25pm", "6.25 pm"),
    "LC330's landing time (from Paris)": ("09:20", "9:20", "09.20", "9.20", "09h20", "9h20"),
}
CANCELLED_FLIGHT = "LC214"
CANCELLED_ARRIVAL = "10:40"
# a mail must send Bob to Heathrow: another London airport is a wrong fact
OTHER_AIRPORTS = {
    "another airport": ("Gatwick", "LGW", "Stansted", "STN", "Luton", "LTN", "London City", "LCY")
}


def spellings(*phrases: str) -> tuple[str, ...]:
    """Each phrase with a straight, a curly and no apostrophe ("don't", "don\u2019t", "dont")."""
    return tuple(
        dict.fromkeys(
            spelling
            for phrase in phrases
            for spelling in (phrase, phrase.replace("'", "\u2019"), phrase.replace("'", ""))
        )
    )


# the times of LC216 a mail may give: its departure (Lyon, Paris time), its landing in London
# time and in Paris time; any other clock time is a fact about nothing here
LC216_TIMES = ("13:20", "12:20", "14:05", "15:05")
# and the cancelled LC214's, as what was planned: its departure (Lyon) and landing (London, Paris)
SITUATION_TIMES = (*LC216_TIMES, "10:05", "09:05", CANCELLED_ARRIVAL, "11:40")
# LC214's times -> LC216's that replaced them: given as what holds ("LC216 leaves at 10:05"),
# not as what was planned ("I was due to land at 10:40"), they are wrong facts
# a time given as a landing must be one, and as a departure one ("it leaves Lyon at 14:05" gives
# the landing time as the departure: Bob cannot tell when she lands)
ROLES = {
    "a landing": (("land*", "arriv*", "touch*"), ("14:05", "15:05", CANCELLED_ARRIVAL, "11:40")),
    "a departure": (
        ("leav*", "depart*", "take off", "takes off"),
        ("13:20", "12:20", "10:05", "09:05"),
    ),
}
STALE_TIMES = {
    "10:05": ("13:20",),
    "09:05": ("12:20",),
    CANCELLED_ARRIVAL: ("14:05",),
    "11:40": ("15:05",),
}
# what Bob, picking Alice up, has no use for: her passport and birth date, and the booking
# reference that, with her name, opens the booking to whoever reads the mail
ALICE_PAPERS = {
    "Alice's passport or birth date": (
        "X1234567",
        "1986-04-12",
        "12 April 1986",
        "April 12, 1986",
        "12/04/1986",
        "04/12/1986",
    ),
    "Alice's booking reference": (REFERENCE,),
}
# a mail that calls the pick-up off tells Bob the opposite of the plan
CALLED_OFF = {
    "calling off the pick-up": spellings(
        "don't come to*",
        "do not come to*",
        "don't pick me up",
        "do not pick me up",
        "no need to pick*",
        "no need to come",
        "not coming",
        "won't be coming",
        "won't make it",
        "can't make it",
        "cannot make it",
        "stay home",
        "stay at home",
    )
}
# a mail that says she is not on LC216 (no seat, still looking), or that LC216 is the cancelled
# flight and LC214 the new one, tells Bob the opposite of what was done
NOT_ON_LC216 = {
    "not being on LC216": spellings(
        "could not get*",
        "couldn't get*",
        "could not book*",
        "couldn't book*",
        "no seat",
        "no seats",
        "not get a seat",
        "did not get*",
        "didn't get*",
        "will let you know",
        "still looking",
        "no new flight",
        "waiting list",
        "standby",
        "stand-by",
        "not confirmed",
        "unconfirmed",
    ),
    "LC216 as the cancelled flight, LC214 as the new one": (
        "LC216 was cancel*",
        "LC216 has been cancel*",
        "LC216 is cancel*",
        "LC216 got cancel*",
        "LC216 has cancel*",
        "cancelled LC216",
        "canceled LC216",
        f"now on {CANCELLED_FLIGHT}",
        f"booked on {CANCELLED_FLIGHT}",
        f"rebooked on {CANCELLED_FLIGHT}",
        f"moved to {CANCELLED_FLIGHT}",
        f"changed to {CANCELLED_FLIGHT}",
        f"switched to {CANCELLED_FLIGHT}",
        f"taking {CANCELLED_FLIGHT}",
    ),
}
# the agent's prompt, uploaded with the tests: a mail must be no copy of it
INSTRUCTION = Path(__file__).with_name("instruction.md")
ALICE, BOB = "alice@example.test", "bob@example.test"
SUCCEEDED = range(200, 400)  # a web form answers 303
# what the instruction forbids, through any channel, even when undone before the end
FORBIDDEN = (
    "cancel_booking",
    "create_booking",
    "select_seat",
    "add_bag",
    "remove_bag",
    "update_passenger",
    "check_in",
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
def written_by_the_webmail() -> dict[int, dict]:
    """Message row id -> the row as the webmail last wrote it (a successful request, any
    channel), per the audit log: a row put into the DB file has none."""
    return {
        int(change.row_id): change.after or {}
        for entry in audit_log("email")
        if entry.status in SUCCEEDED
        for change in entry.changes
        if change.table == "messages"
    }


def mails_in(user: str, folder: str) -> list[dict]:
    """The mails from Alice in ``user``'s ``folder``, as the webmail wrote them."""
    ids = mailbox_ids()
    rows = query(
        "email",
        "SELECT id, folder_id, message_id, in_reply_to, reference_ids, subject, body FROM messages "
        "WHERE owner_id = ? AND folder_id = ? AND from_address = ?",
        [ids[user], ids[f"{user}/{folder}"], ALICE],
    )
    written = written_by_the_webmail()
    return [
        r
        for r in rows
        if all(written.get(r["id"], {}).get(c) == r[c] for c in ("folder_id", "subject", "body"))
    ]


@cache
def delivered_to_bob() -> list[str]:
    """Subject and body of each mail from Alice in her Sent folder whose copy reached Bob's
    inbox, both sent by the webmail (a draft, an unsent copy or a row put into the DB file
    does not count)."""
    received = {m["message_id"] for m in mails_in("bob", "inbox")}
    return [
        f"{m['subject']}\n{sender_words(m)}"
        for m in mails_in("alice", "sent")
        if m["message_id"] in received
    ]


@cache
def moved_by_the_airline() -> bool:
    """A successful ``change_booking`` (any channel) left the booking on the flight it is on
    now, by the rows the audit log links to it."""
    return any(
        change.table == "bookings"
        and change.row_id == str(booking()["id"])
        and (change.after or {}).get("outbound_flight_id") == booking()["outbound_flight_id"]
        for entry in performed("airline", "change_booking")
        for change in entry.changes
    )


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the booking itself was moved by the airline's change to the earliest same-day "
    "flight with room",
)
def rebooked_on_right_flight() -> bool:
    assert booking()["status"] != "cancelled", "the booking was cancelled"
    assert moved_by_the_airline(), "no successful change_booking of K7Q2XM in the audit log"
    flight = booking()["outbound_flight_id"]
    assert flight == expected_flight_id(), f"on flight id {flight}, not {EXPECTED_FLIGHT}"
    return True


def flight_rule() -> ContentRule:
    """The mail names LC216, on its day, and nothing against the pick-up or of Alice's papers."""
    return ContentRule(
        facts={"the new flight": (EXPECTED_FLIGHT,)},
        not_about=CALLED_OFF | NOT_ON_LC216 | ALICE_PAPERS | OTHER_AIRPORTS,
        source=INSTRUCTION.read_text(),
        days=(seed_time("airline").day(EXPECTED_DAY),),
    )


def arrival_rule() -> ContentRule:
    """The mail gives LC216's London landing time, and no time but the situation's."""
    return ContentRule(
        facts={"the London landing time": EXPECTED_ARRIVAL},
        not_about=OTHER_ARRIVALS,
        times=SITUATION_TIMES,
        moved=(CANCELLED_ARRIVAL, "14:05"),
        stale=STALE_TIMES,
        roles=ROLES,
    )


def beside_rule() -> ContentRule:
    """Both rules' wrong facts, none of their required ones: what guards every mail to Bob
    before the judge reads it."""
    flight, arrival = flight_rule(), arrival_rule()
    return ContentRule(
        not_about={**flight.not_about, **arrival.not_about},
        source=flight.source,
        days=flight.days,
        times=arrival.times,
        moved=arrival.moved,
        stale=arrival.stale,
        roles=arrival.roles,
    )


def told_bob(rule: ContentRule) -> Findings:
    """The rule holds for a mail delivered to Bob, or the first such mail's problems."""
    found = [rule.check(mail, what="the mail to Bob") for mail in delivered_to_bob()]
    if not found:
        return Findings("the mail to Bob", ["no mail from Alice was delivered to Bob"])
    return next((f for f in found if f.ok), found[0])


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="Bob got a mail naming the new flight, on its day (no other weekday or date), "
    "not calling the pick-up off, without Alice's papers, no copy of the instruction",
)
def bob_told_flight() -> Findings:
    return told_bob(flight_rule())


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the mail gives the London landing time, no other flight's and no clock time "
    "that is not LC216's",
)
def bob_told_arrival() -> Findings:
    return told_bob(arrival_rule())


def the_record() -> Record:
    """What Alice did and the day's flights, as the judge reads what she wrote to Bob."""
    clock = seed_time("airline")
    today, day = clock.day("+0d"), clock.day(EXPECTED_DAY)
    return Record(
        f"Alice moved her booking, free of charge, from the cancelled flight {CANCELLED_FLIGHT} "
        f"to {EXPECTED_FLIGHT}, Lyon (LYS) to London Heathrow (LHR), tomorrow, {spelled(day)}, "
        "and mailed Bob Chen, who is picking her up at Heathrow, the new flight number and "
        "its London landing time.",
        [
            f"{EXPECTED_FLIGHT} leaves Lyon-Saint Exupery at 13:20 (1:20 pm) Lyon time and lands "
            "at London Heathrow at 14:05 (2:05 pm) London time, which is 15:05 (3:05 pm) Lyon "
            "and Paris time: a flight of 1 hour 45 minutes (105 minutes). London is one hour "
            "(1 hour) behind Lyon.",
            f"SkyWays cancelled {CANCELLED_FLIGHT} because of a crew shortage; it was to leave "
            f"Lyon at 10:05 (10:05 am) and land at Heathrow at {CANCELLED_ARRIVAL} (10:40 am) "
            "London time (11:40 Lyon time). The airline's mail offered a free move to another "
            "flight on the same route or a full refund.",
            "The other flights from Lyon to Heathrow that day: LC220, earlier, is full; LC218, "
            "in the evening, is cheaper but later. LC216 is the earliest with a seat.",
            "It is the same booking, for Alice Martin alone, in economy: not cancelled, no new "
            "ticket, no fee and no fare difference paid. Her old seat on the cancelled flight "
            "was released and no seat is chosen on LC216 yet; no bag was added, she has not "
            "checked in, and nothing else about the booking changed.",
            f"Today is {spelled(today)}. Bob wrote the day before that he would pick her up at "
            "Heathrow tomorrow and asked for her arrival time; the pick-up stands.",
        ],
    )


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="nothing Alice wrote to Bob says anything against what was done: the content "
    "rules above first, then the LLM judge with the record of it",
)
def nothing_said_against() -> Result:
    rule = beside_rule()
    said = [Said("the mail to Bob", mail, rule) for mail in delivered_to_bob()]
    return judged_agreement(said, the_record())


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
    "field; no cancel, new booking, seat, bag, passenger or check-in operation, and every call "
    "as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("airline", airline_changes()).check()
    expect_changes("email", email_changes()).check()
    never_performed("airline", *FORBIDDEN).check()
    for service in ("airline", "email"):
        all_calls_as(service, "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
