#!/usr/bin/env python3
"""Verifier of airline-rebook-moving-target (email -> airline -> email, in a live world):
booking R8M4TQ moved by the airline's change (any channel) to the earliest flight Boston ->
O'Hare that day that is still operating with a seat, as the airline stands at the end; and,
once it was moved, a mail delivered to Dana naming that flight and the time it now lands in
Chicago (goals). The world moves while the agent works: its first look at the flights (a
search, a listing or one flight by id) cancels LC514, the earliest alternative, and delays
LC516, the next one, by 45 minutes. An agent acting on what it saw first books or names
LC514, or gives LC516's landing time as scheduled. The airline and the mailbox changed field
by field exactly as that change, the world's two updates and that one mail change them, with no
cancel, new booking, seat, bag, passenger or check-in operation and no other account's call on
the way.
Dates are relative to the seed's clock; the flights and times expected are read from the end
state. A world whose cancellation never fired was never looked at: no full credit for it."""

from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.verify import (
    ANY,
    Added,
    AuditEntry,
    Changed,
    ContentRule,
    Findings,
    Verifier,
    after_event,
    all_calls_as,
    audit_log,
    check_names,
    event_fired,
    expect_changes,
    mailbox_ids,
    never_performed,
    performed,
    query,
    seed_time,
    sender_words,
    sent_mail,
)

verifier = Verifier("airline-rebook-moving-target")

REFERENCE = "R8M4TQ"
DAY = "+1d"
ROUTE = ("BOS", "ORD")
CANCELLED_FLIGHT = "LC512"  # Alice's, cancelled in the seed
# the world's events: the first look at the flights (a search, a listing, or one flight by
# id: one trigger of the three operations) cancels LC514 and delays LC516, each once
CANCEL, DELAY = "lc514-cancelled", "lc516-delayed"
# the agent's prompt, uploaded with the tests: a mail must be no copy of it
INSTRUCTION = Path(__file__).with_name("instruction.md")
ALICE, DANA = "alice@example.test", "dana@example.test"
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
# a mail must send Dana to O'Hare: Chicago's other airport is a wrong fact
OTHER_AIRPORTS = {"another airport": ("Midway", "MDW")}


def spellings(*phrases: str) -> tuple[str, ...]:
    """Each phrase with a straight, a curly and no apostrophe ("don't", "don\u2019t", "dont")."""
    return tuple(
        dict.fromkeys(
            spelling
            for phrase in phrases
            for spelling in (phrase, phrase.replace("'", "\u2019"), phrase.replace("'", ""))
        )
    )


# a mail that calls the meeting off, or says she has no flight yet, tells Dana the opposite
CALLED_OFF = {
    "calling off the meeting or the flight": spellings(
        "don't wait*",
        "do not wait*",
        "no need to wait",
        "not coming",
        "won't be coming",
        "won't make it",
        "can't make it",
        "cannot make it",
        "could not get*",
        "couldn't get*",
        "could not book*",
        "couldn't book*",
        "no seat",
        "no seats",
        "still looking",
        "will let you know",
        "no new flight",
        "waiting list",
        "standby",
        "stand-by",
        "not confirmed",
        "unconfirmed",
    )
}


@cache
def booking() -> dict:
    (row,) = query("airline", "SELECT * FROM bookings WHERE reference = ?", [REFERENCE])
    return row


@cache
def day_flights() -> list[dict]:
    """The flights of the route on the day, as they stand at the end, earliest departure
    first (a delay counts), each with its free seats for Alice (her own ticket aside)."""
    day = seed_time("airline").day(DAY)
    rows = query(
        "airline",
        "SELECT f.*, o.timezone AS origin_tz, d.timezone AS destination_tz "
        "FROM flights f JOIN airports o ON o.id = f.origin_id "
        "JOIN airports d ON d.id = f.destination_id "
        "WHERE o.code = ? AND d.code = ? AND f.departure_date = ?",
        [*ROUTE, day.isoformat()],
    )
    for row in rows:
        (free,) = query(
            "airline",
            "SELECT (SELECT COUNT(*) FROM seats WHERE flight_id = ? AND cabin = ? "
            "AND NOT blocked) - (SELECT COUNT(*) FROM tickets t JOIN bookings b "
            "ON b.id = t.booking_id WHERE t.flight_id = ? AND b.status != 'cancelled' "
            "AND b.cabin = ? AND b.id != ?) AS free",
            [row["id"], booking()["cabin"], row["id"], booking()["cabin"], booking()["id"]],
        )
        row["free"] = free["free"]
    return sorted(rows, key=lambda r: r["estimated_departure"] or r["scheduled_departure"])


@cache
def expected_flight() -> dict:
    """The earliest flight of the day still operating with a seat for Alice."""
    return next(
        f
        for f in day_flights()
        if f["status"] not in ("cancelled", "boarding", "departed", "landed")
        and f["free"] > 0
        and f["number"] != CANCELLED_FLIGHT
    )


def local(naive_utc: str | None, zone: str) -> str | None:
    """A naive UTC datetime of the DB as HH:MM in ``zone``."""
    if naive_utc is None:
        return None
    moment = datetime.fromisoformat(naive_utc).replace(tzinfo=UTC)
    return moment.astimezone(ZoneInfo(zone)).strftime("%H:%M")


def written(hhmm: str) -> tuple[str, ...]:
    """The ways a mail may write a 24-hour clock time: 15:25, 15.25, 15h25, 3:25 pm, 3.25pm."""
    hour, minute = (int(part) for part in hhmm.split(":"))
    twelve = f"{(hour - 1) % 12 + 1}"
    half = "pm" if hour >= 12 else "am"
    forms = [hhmm, f"{hour:02d}.{minute:02d}", f"{hour:02d}h{minute:02d}"]
    if hour < 10:
        forms += [f"{hour}:{minute:02d}", f"{hour}.{minute:02d}", f"{hour}h{minute:02d}"]
    for sep in (":", "."):
        forms += [f"{twelve}{sep}{minute:02d} {half}", f"{twelve}{sep}{minute:02d}{half}"]
        forms += [f"{twelve}{sep}{minute:02d} {half[0]}.m."]
    return tuple(dict.fromkeys(forms))


def times_of(flight: dict) -> dict[str, str | None]:
    """A flight's departure (Boston time) and landing (Chicago time and Boston time), as
    scheduled and as expected now (None while on time)."""
    origin, destination = flight["origin_tz"], flight["destination_tz"]
    return {
        "departure": local(flight["scheduled_departure"], origin),
        "estimated departure": local(flight["estimated_departure"], origin),
        "landing": local(flight["scheduled_arrival"], destination),
        "estimated landing": local(flight["estimated_arrival"], destination),
        "landing (Boston time)": local(flight["scheduled_arrival"], origin),
        "estimated landing (Boston time)": local(flight["estimated_arrival"], origin),
    }


def landing(flight: dict) -> str:
    """When the flight lands now, in Chicago time."""
    times = times_of(flight)
    return times["estimated landing"] or times["landing"]  # type: ignore[return-value]


@cache
def moving_change() -> AuditEntry | None:
    """The successful ``change_booking`` (any channel) that left the booking on the flight it
    is on now, by the rows the audit log links to it (the last one, if several)."""
    found = [
        entry
        for entry in performed("airline", "change_booking")
        for change in entry.changes
        if change.table == "bookings"
        and change.row_id == str(booking()["id"])
        and (change.after or {}).get("outbound_flight_id") == booking()["outbound_flight_id"]
    ]
    return found[-1] if found else None


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the booking itself was moved by the airline's change to the earliest flight of "
    "the day on the route still operating with a seat, as the airline stands now",
)
def rebooked_on_right_flight() -> bool:
    assert booking()["status"] != "cancelled", "the booking was cancelled"
    assert moving_change() is not None, "no successful change_booking of R8M4TQ in the audit log"
    change = moving_change()
    assert event_fired("airline", CANCEL), (
        "the agent never looked at the schedule, so the world never moved"
    )
    if not after_event("airline", CANCEL, [change]):
        raise AssertionError("the booking was moved before the world changed, on what it was")
    on = booking()["outbound_flight_id"]
    expected = expected_flight()
    if on != expected["id"]:
        number = next((f["number"] for f in day_flights() if f["id"] == on), f"flight id {on}")
        raise AssertionError(f"on {number}, not {expected['number']}")
    return True


@cache
def webmail_writes() -> dict[int, tuple[dict, AuditEntry]]:
    """Message row id -> the row as the webmail last wrote it (a successful request, any
    channel), with that request, per the audit log: a row put into the DB file has none."""
    return {
        int(change.row_id): (change.after or {}, entry)
        for entry in audit_log("email")
        if entry.status in SUCCEEDED
        for change in entry.changes
        if change.table == "messages"
    }


def mails_in(user: str, folder: str) -> list[tuple[dict, AuditEntry]]:
    """The mails from Alice in ``user``'s ``folder`` as the webmail wrote them, with the
    request that wrote each."""
    ids = mailbox_ids()
    rows = query(
        "email",
        "SELECT id, folder_id, message_id, in_reply_to, reference_ids, subject, body FROM messages "
        "WHERE owner_id = ? AND folder_id = ? AND from_address = ?",
        [ids[user], ids[f"{user}/{folder}"], ALICE],
    )
    writes = webmail_writes()
    return [
        (r, writes[r["id"]][1])
        for r in rows
        if r["id"] in writes
        and all(writes[r["id"]][0].get(c) == r[c] for c in ("folder_id", "subject", "body"))
    ]


@cache
def delivered_to_dana() -> list[tuple[str, AuditEntry]]:
    """Subject and body of each mail from Alice in her Sent folder whose copy reached Dana's
    inbox, both sent by the webmail (a draft, an unsent copy or a row put into the DB file
    does not count), with the request that sent it."""
    received = {m["message_id"] for m, _entry in mails_in("dana", "inbox")}
    return [
        (f"{m['subject']}\n{sender_words(m)}", entry)
        for m, entry in mails_in("alice", "sent")
        if m["message_id"] in received
    ]


@cache
def sent_once_booked() -> list[str]:
    """The mails to Dana sent after the change that put Alice on her flight: one sent before
    announces a booking that did not exist yet."""
    change = moving_change()
    if change is None:
        return []
    return [text for text, entry in delivered_to_dana() if entry.id and later(entry, change)]


def later(entry: AuditEntry, than: AuditEntry) -> bool:
    """Whether ``entry`` (the webmail's) was logged after ``than`` (the airline's), by the
    host's real time."""
    if entry.logged_ns is None or than.logged_ns is None:
        raise ValueError("an audit entry keeps no real time (logged_ns)")
    return entry.logged_ns > than.logged_ns


def told_dana(rule: ContentRule) -> Findings:
    """The rule holds for a mail delivered to Dana after the booking moved, or the first such
    mail's problems."""
    if not delivered_to_dana():
        return Findings("the mail to Dana", ["no mail from Alice was delivered to Dana"])
    mails = sent_once_booked()
    if not mails:
        why = (
            "Alice's booking was never moved, so no mail can name her new flight"
            if moving_change() is None
            else "every mail to Dana was sent before Alice was booked on the flight it names"
        )
        return Findings("the mail to Dana", [why])
    found = [rule.check(mail, what="the mail to Dana") for mail in mails]
    return next((f for f in found if f.ok), found[0])


def other_flights() -> list[dict]:
    return [f for f in day_flights() if f["id"] != expected_flight()["id"]]


def as_the_new_flight(number: str) -> tuple[str, ...]:
    """Phrases that give ``number`` as the flight Alice is now on."""
    return (
        f"now on {number}",
        f"now on flight {number}",
        f"booked on {number}",
        f"booked on flight {number}",
        f"rebooked on {number}",
        f"rebooked me on {number}",
        f"moved to {number}",
        f"changed to {number}",
        f"switched to {number}",
        f"taking {number}",
        f"new flight is {number}",
        f"new flight: {number}",
        f"new flight {number}",
        f"I'm on {number}",
        f"I am on {number}",
        f"on {number} instead",
        # a hedge between two flights leaves Dana guessing which one to meet
        f"{number} or",
        f"or {number}",
        f"either {number}",
    )


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="once Alice was booked, Dana got a mail naming the new flight on its day, no "
    "other flight as the new one, not calling the meeting off, no copy of the instruction",
)
def dana_told_flight() -> Findings:
    number = expected_flight()["number"]
    stale = {
        f"{f['number']} as the new flight": as_the_new_flight(f["number"]) for f in other_flights()
    }
    cancelled = {
        f"{number} as cancelled or full": (
            f"{number} was cancel*",
            f"{number} has been cancel*",
            f"{number} is cancel*",
            f"{number} is full",
            f"{number} was full",
            f"cancelled {number}",
            f"canceled {number}",
        )
    }
    return told_dana(
        ContentRule(
            facts={"the new flight": (number,)},
            not_about=stale | cancelled | CALLED_OFF | OTHER_AIRPORTS,
            source=INSTRUCTION.read_text(),
            days=(seed_time("airline").day(DAY),),
        )
    )


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the mail gives the time the new flight lands in Chicago as it stands (its delay "
    "included), no other flight's landing time and no clock time that is not the situation's",
)
def dana_told_arrival() -> Findings:
    flight = expected_flight()
    times = times_of(flight)
    now_lands = landing(flight)
    mine = [t for t in times.values() if t]
    # Alice's cancelled flight, as what was planned
    (cancelled,) = [f for f in day_flights() if f["number"] == CANCELLED_FLIGHT]
    planned = [t for t in times_of(cancelled).values() if t]
    # the other flights' departures may be named (LC514 at 09:40 was cancelled too); their
    # landing times are facts about flights she is not on
    others = {
        f"{f['number']}'s landing time": written(landing(f))
        for f in other_flights()
        if f["number"] != CANCELLED_FLIGHT and landing(f) not in (*mine, *planned)
    }
    departures = [times_of(f)["departure"] or "" for f in other_flights()]
    # a delay: the schedule's times no longer hold, the estimated ones replace them
    stale: dict[str, tuple[str, ...]] = {}
    for scheduled, estimated in (
        ("departure", "estimated departure"),
        ("landing", "estimated landing"),
        ("landing (Boston time)", "estimated landing (Boston time)"),
    ):
        if times[estimated]:
            stale[times[scheduled] or ""] = (times[estimated] or "",)
    landings = [times[k] or "" for k in times if "landing" in k] + [
        t for k, t in times_of(cancelled).items() if "landing" in k and t
    ]
    leavings = [times[k] or "" for k in times if "departure" in k] + [
        t for k, t in times_of(cancelled).items() if "departure" in k and t
    ]
    return told_dana(
        ContentRule(
            facts={"the Chicago landing time": written(now_lands)},
            not_about=others,
            times=[*mine, *planned, *departures],
            moved=(times["landing"] or "", now_lands) if times["estimated landing"] else None,
            stale=stale,
            roles={
                "a landing": (("land*", "arriv*", "touch*"), landings),
                "a departure": (("leav*", "depart*", "take off", "takes off"), leavings),
            },
        )
    )


# what the world's events change when they fire: LC514 cancelled, LC516 delayed, and the
# announcements of both (a look through another read repeats them)
WORLD_CANCEL = Changed(
    "flights", match={"number": "LC514"}, fields={"status": "cancelled", "status_reason": ANY}
)
WORLD_DELAY = Changed(
    "flights",
    match={"number": "LC516"},
    fields={
        "status": "delayed",
        "status_reason": ANY,
        "estimated_departure": ANY,
        "estimated_arrival": ANY,
    },
)
WORLD_ANNOUNCED = Added("announcements", count=None, others=ANY)


def world_changes() -> list[Changed | Added]:
    """What the world's events changed, of those that fired."""
    cancelled, delayed = event_fired("airline", CANCEL), event_fired("airline", DELAY)
    changes: list[Changed | Added] = []
    if cancelled:
        changes.append(WORLD_CANCEL)
    if delayed:
        changes.append(WORLD_DELAY)
    if cancelled or delayed:
        changes.append(WORLD_ANNOUNCED)
    return changes


check_names(
    "airline",
    WORLD_CANCEL,
    WORLD_DELAY,
    WORLD_ANNOUNCED,
    Changed("bookings", fields={"outbound_flight_id": ANY, "status": ANY, "changed_at": ANY}),
    Changed("tickets", match={"booking_id": ANY}, fields={"flight_id": ANY, "seat_id": ANY}),
)


def airline_changes() -> list[Changed | Added]:
    """The change: the booking and its one ticket moved, the old seat released (no fee)."""
    return [
        Changed(
            "bookings",
            match={"reference": REFERENCE},
            fields={
                "outbound_flight_id": expected_flight()["id"],
                "status": ANY,
                "changed_at": ANY,
            },
        ),
        Changed(
            "tickets",
            match={"booking_id": booking()["id"]},
            fields={"flight_id": expected_flight()["id"], "seat_id": None},
        ),
        *world_changes(),
    ]


@verifier.checkpoint(
    weight=3,
    rationale="only that change, the world's updates and one mail changed the airline and the "
    "mailbox, field by field; no cancel, new booking, seat, bag, passenger or check-in "
    "operation, and every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("airline", airline_changes()).check()
    header = {
        "from_address": ALICE,
        "to_addresses": [DANA],
        "cc_addresses": [],
        "bcc_addresses": [],
    }
    expect_changes("email", sent_mail("alice", ["dana"], fields=header)).check()
    never_performed("airline", *FORBIDDEN).check()
    for service in ("airline", "email"):
        all_calls_as(service, "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
