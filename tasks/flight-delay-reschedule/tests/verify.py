#!/usr/bin/env python3
"""Verifier of flight-delay-reschedule (email -> calendar -> email).

The delay notice gives the new landing time; the workshop itself (not a copy) must be moved by the
calendar's ``update_event`` (any channel: API, MCP tool, web session) to two hours after it, keeping
its 90 minutes, place and guests, and every guest must get a sent mail from Alice that says the
meeting moved and names the new start time, read by the content guard: no "nothing changes", no
other place than room 4 nor a request to give it up, none of Alice's other appointments, no copy of
the instruction (goals). The calendar and the mailbox must change field by field exactly as that
move and those mails change them, with no event created or deleted and no mail deleted on the way
(by operation). Times are compared as instants, relative to the seed's clock, so the task never goes
stale.
"""

from collections import Counter
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Decision,
    Verifier,
    all_calls_as,
    expect_changes,
    mailbox_ids,
    never_performed,
    performed,
    query,
    satisfies,
    seed_time,
    sender_words,
    sent_mail,
)

verifier = Verifier("flight-delay-reschedule")

TZ = ZoneInfo("Europe/London")
MEETING_ID = 2  # the seed pins it: "Northwind workshop"
EXPECTED_START = "+1d 15:40"  # new landing 13:40 + 2 h, London time
# the new start as a mail may write it (London time, which is UTC in March)
EXPECTED_START_TEXT = ("15:40", "15.40", "15h40", "3:40 pm", "3:40pm", "3.40 pm", "3.40pm")
DURATION = timedelta(minutes=90)
MEETING_DAY = "+1d"
# the clock times of this situation a mail may give (London time, and the flight's departures
# in Lyon's): the flight's old and new departure and landing, the meeting's old and new start
# and end; any other (a made-up end, another appointment) is a wrong fact
SITUATION_TIMES = (
    "10:05",
    "11:05",
    "11:40",
    "12:05",
    "13:05",
    "13:40",
    "13:00",
    "14:30",
    "15:40",
    "17:10",
)
# the times the delay replaced -> their replacements: the old one given as what holds ("my
# flight now lands at 11:40") is a wrong fact; as what was planned, it is context
STALE_TIMES = {
    "10:05": ("12:05",),
    "11:05": ("13:05",),
    "11:40": ("13:40",),
    "13:00": ("15:40",),
    "14:30": ("17:10",),
}
# a time given in a role must be one of that role's: the flight's landing and departure, the
# meeting's start and end ("my flight lands at 15:40, so the workshop starts at 13:40" swaps them)
ROLES = {
    "the flight's landing": (("land*", "touch*"), ("13:40", "11:40")),
    "the flight's departure": (
        ("take off", "takes off", "depart*"),
        ("12:05", "13:05", "10:05", "11:05"),
    ),
    "the meeting's start": (("start*", "begin*", "kick off", "kicks off"), ("15:40", "13:00")),
    "the meeting's end": (("end*", "finish*", "wrap up", "wraps up"), ("17:10", "14:30")),
}
PLACE = "Office, room 4"
GUESTS = ("bob@example.test", "maria@northwind.example")
ALICE = "alice@example.test"
# what the instruction forbids, even when undone before the end, through any channel (API,
# MCP tool or web form): creating, deleting or cancelling events, touching calendars; deleting
# mail, touching contacts or folders
FORBIDDEN_CALENDAR = (
    "create_event",
    "delete_event",
    "cancel_occurrence",
    "create_calendar",
    "update_calendar",
    "delete_calendar",
    "share_calendar",
    "unshare_calendar",
)
FORBIDDEN_EMAIL = (
    "trash_message",
    "delete_forever",
    "remove_label",
    "empty_trash",
    "create_contact",
    "update_contact",
    "delete_contact",
    "create_folder",
    "rename_folder",
    "delete_folder",
)
# a mail that says the meeting stays put, however politely, tells no guest it moved; it must
# say it moved (or give its new time as a change) and carry none of Alice's other appointments
MOVED = Decision(
    said=(
        "mov*",
        "reschedul*",
        "postpon*",
        "push*",
        "shift*",
        "delay*",
        "chang*",
        "later",
        "new time",
        "new start*",
        "now",
    ),
    opposite=(
        "nothing changes",
        "nothing has changed",
        "no change to the time",
        "not moved",
        "not moving",
        "won't move",
        "will not move",
        "stays as planned",
        "goes ahead as planned",
        "cancelled",
        "canceled",
        "called off",
    ),
)
OTHER_APPOINTMENTS = {
    "the dinner with Sam": ("sam", "dinner", "19:30"),
    "the weekly planning": ("weekly planning",),
    "last month's flight": ("lc118",),
}
# the workshop keeps its place (Office, room 4): a mail may not send the guests elsewhere, nor
# ask that the room be given up
ANOTHER_PLACE = {
    "another place than room 4": (
        *(f"room {n}" for n in (*range(1, 4), *range(5, 21))),
        *("another room", "other room", "different room", "new room", "bigger room"),
        *("smaller room", "new place", "new location", "new venue", "another venue", "elsewhere"),
        *(
            "online",
            "remote*",
            "virtual*",
            "video call",
            "video link",
            "zoom",
            "teams",
            "meet link",
        ),
        *("dial in", "dial-in", "call in", "by phone", "on the phone", "from home", "my place"),
        *("cafeteria", "canteen", "cafe*", "lobby", "boardroom", "board room", "northwind office*"),
        *("northwind's office*", "your office", "their office"),
    ),
    "a request to give up the room": (
        *("release*", "free up", "give up the room", "cancel the room", "cancel room"),
        *("unbook*", "book another", "rebook the room", "move the room"),
    ),
}
# the agent's prompt, uploaded with the tests: a mail must be no copy of it
INSTRUCTION = Path(__file__).with_name("instruction.md")


def stored(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=ZoneInfo("UTC"))


def expected_start() -> datetime:
    return seed_time("calendar").at(EXPECTED_START)


@cache
def meeting() -> dict:
    (row,) = query("calendar", "SELECT * FROM events WHERE id = ?", [MEETING_ID])
    return row


@cache
def sent_by_alice() -> list[dict]:
    """Alice's new mails in her Sent folder (drafts do not count), with the message ids Bob's
    inbox received."""
    ids = mailbox_ids()
    seeded = {r["id"] for r in query("email", "SELECT id FROM messages", seed=True)}
    rows = query(
        "email",
        "SELECT * FROM messages WHERE owner_id = ? AND folder_id = ?",
        [ids["alice"], ids["alice/sent"]],
    )
    return [r for r in rows if r["id"] not in seeded]


@cache
def in_bobs_inbox() -> set[str]:
    ids = mailbox_ids()
    rows = query(
        "email",
        "SELECT message_id FROM messages WHERE owner_id = ? AND folder_id = ? AND from_address = ?",
        [ids["bob"], ids["bob/inbox"], ALICE],
    )
    return {r["message_id"] for r in rows}


def recipients(mail: dict) -> list[str]:
    """Every address a mail went to (its JSON columns, decoded by query() and the diff)."""
    return [a.lower() for name in ("to", "cc", "bcc") for a in mail[f"{name}_addresses"]]


def moved_by_the_calendar() -> bool:
    """A successful ``update_event`` (any channel) left the meeting at the start it has now,
    by the rows the audit log links to it."""
    return any(
        change.table == "events"
        and change.row_id == str(MEETING_ID)
        and change.after is not None
        and stored(change.after["start_at"]) == stored(meeting()["start_at"])
        for entry in performed("calendar", "update_event")
        for change in entry.changes
    )


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the workshop itself was moved by the calendar (update_event, any channel) to two "
    "hours after the new landing",
)
def meeting_moved() -> bool:
    start = stored(meeting()["start_at"])
    assert meeting()["status"] == "confirmed", f"status is {meeting()['status']}"
    assert start == expected_start(), f"starts at {start.astimezone(TZ):%H:%M} London"
    assert moved_by_the_calendar(), "no successful change of the meeting in the audit log"
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="the meeting keeps its length, place, title and guests"
)
def meeting_kept_its_shape() -> bool:
    start, end = stored(meeting()["start_at"]), stored(meeting()["end_at"])
    guests = {
        r["email"]
        for r in query(
            "calendar", "SELECT email FROM event_attendees WHERE event_id = ?", [MEETING_ID]
        )
    }
    (seeded,) = query("calendar", "SELECT title FROM events WHERE id = ?", [MEETING_ID], seed=True)
    assert end - start == DURATION, f"lasts {end - start}"
    assert guests == set(GUESTS), f"guests are {sorted(guests)}"
    assert meeting()["location"] == PLACE, f"the place is {meeting()['location']!r}"
    assert meeting()["title"] == seeded["title"], f"the title is {meeting()['title']!r}"
    return True


def told_rule() -> ContentRule:
    """What a mail to a guest must say: the meeting moved, to the new start (not from it); no
    other day than the meeting's, no clock time but the situation's, no other place than room 4,
    nothing of Alice's other appointments, no copy of the instruction."""
    return ContentRule(
        facts={"the new start time": EXPECTED_START_TEXT},
        not_about=OTHER_APPOINTMENTS,
        forbids=ANOTHER_PLACE,
        decision=MOVED,
        source=INSTRUCTION.read_text(),
        days=(seed_time("calendar").day(MEETING_DAY),),
        times=SITUATION_TIMES,
        moved=("13:00", "15:40"),
        stale=STALE_TIMES,
        roles=ROLES,
    )


@cache
def written_to() -> dict[str, str]:
    """Guest -> every sent mail of Alice that reached them (subject and body, in order); Bob's
    only where his inbox got it."""
    written: dict[str, list[str]] = {}
    for mail in sent_by_alice():
        delivered = set(recipients(mail)) & set(GUESTS)
        if mail["message_id"] not in in_bobs_inbox():
            delivered.discard(GUESTS[0])
        for guest in delivered:
            written.setdefault(guest, []).append(f"{mail['subject']}\n{sender_words(mail)}")
    return {guest: "\n\n".join(texts) for guest, texts in written.items()}


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="each guest got a sent mail from Alice saying the meeting moved and its new start "
    "(Bob's reached his inbox): no other day, no clock time but the flight's and the meeting's, "
    "no other place than room 4 nor a request to give it up, nothing of Alice's other "
    "appointments, no copy of the instruction",
)
def guests_notified() -> tuple[float, str]:
    found = [
        told_rule().check(written_to().get(guest), what=f"the mail to {guest}") for guest in GUESTS
    ]
    wrong = "; ".join(f"{f.rule}: {f.detail()}" for f in found if not f.ok)
    return sum(f.ok for f in found) / len(GUESTS), wrong


def calendar_changes() -> list[Changed]:
    start = expected_start()
    return [
        Changed(
            "events",
            match={"id": MEETING_ID},
            fields={
                "start_at": satisfies(f"{start:%H:%M} UTC", lambda v: stored(v) == start),
                "end_at": satisfies(
                    f"{start + DURATION:%H:%M} UTC", lambda v: stored(v) == start + DURATION
                ),
                "updated_at": ANY,
            },
        )
    ]


def email_changes() -> list[Changed | Added]:
    """Mails from Alice to the guests only (her sent copies, Bob's delivered ones); Alice may
    read her mail."""
    only_guests = satisfies(
        "guests only", lambda v: all(a.lower() in GUESTS for a in v) if v else True
    )
    header = {
        "from_address": ALICE,
        "to_addresses": only_guests,
        "cc_addresses": only_guests,
        "bcc_addresses": only_guests,
    }
    return sent_mail("alice", ["bob"], fields=header, count=None)


@verifier.checkpoint(
    weight=3,
    rationale="only that move and those mails changed the calendar and the mailbox, field by "
    "field, one mail per guest; no event created or deleted, no mail deleted, every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("calendar", calendar_changes()).check()
    expect_changes("email", email_changes()).check()
    never_performed("calendar", *FORBIDDEN_CALENDAR).check()
    never_performed("email", *FORBIDDEN_EMAIL).check()
    for service in ("calendar", "email"):
        all_calls_as(service, "alice").check()
    per_guest = Counter(a for mail in sent_by_alice() for a in recipients(mail))
    repeated = sorted(a for a, n in per_guest.items() if n > 1)
    assert not repeated, f"guests mailed more than once: {repeated}"
    return True


if __name__ == "__main__":
    verifier.main()
