#!/usr/bin/env python3
"""Verifier of flight-delay-reschedule (email -> calendar -> email).

The delay notice gives the new landing time; the workshop itself (not a copy) must be moved by
the calendar to two hours after it, keeping its 90 minutes, place and guests, and every guest
must get a sent mail from Alice naming the new start time (goals). The calendar and the mailbox
must change field by field exactly as that move and those mails change them, with no event
created or deleted and no mail deleted on the way. Expected times are relative to the seed's
clock, so the task never goes stale.
"""

from collections import Counter
from datetime import datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo

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
    satisfies,
    seed_time,
    sent_mail,
)

verifier = Verifier("flight-delay-reschedule")

TZ = ZoneInfo("Europe/London")
MEETING_ID = 2  # the seed pins it: "Northwind workshop"
EXPECTED_START = "+1d 15:40"  # new landing 13:40 + 2 h, London time
EXPECTED_START_TEXT = "15:40"
DURATION = timedelta(minutes=90)
PLACE = "Office, room 4"
GUESTS = ("bob@example.test", "maria@northwind.example")
ALICE = "alice@example.test"
# what the instruction forbids, even when undone before the end (API and web pages alike)
FORBIDDEN_CALENDAR = (
    "POST /api/events",
    "POST /events/new",
    "DELETE /api/events/*",
    "POST /events/*/delete",
    "* /api/calendars*",
)
FORBIDDEN_EMAIL = (
    "DELETE /api/messages/*",
    "POST /api/trash/empty",
    "* /api/contacts*",
    "* /api/folders*",
)


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
    """A successful PATCH of the meeting (the calendar's API) is in the audit log."""
    return any(
        entry.path == f"/api/events/{MEETING_ID}"
        and entry.status is not None
        and entry.status < 400
        for entry in calls("calendar", "PATCH")
    )


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the workshop itself was moved by the calendar to two hours after the new landing",
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


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="each guest got a sent mail from Alice with the new time (Bob's reached his inbox)",
)
def guests_notified() -> bool:
    told = set()
    for mail in sent_by_alice():
        if EXPECTED_START_TEXT not in mail["subject"] + "\n" + mail["body"]:
            continue
        delivered = set(recipients(mail))
        if GUESTS[0] in delivered and mail["message_id"] not in in_bobs_inbox():
            delivered.discard(GUESTS[0])
        told |= delivered & set(GUESTS)
    missing = sorted(set(GUESTS) - told)
    assert not missing, f"not told the new time: {missing}"
    return True


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
    never_called("calendar", *FORBIDDEN_CALENDAR).check()
    never_called("email", *FORBIDDEN_EMAIL).check()
    for service in ("calendar", "email"):
        all_calls_as(service, "alice").check()
    per_guest = Counter(a for mail in sent_by_alice() for a in recipients(mail))
    repeated = sorted(a for a, n in per_guest.items() if n > 1)
    assert not repeated, f"guests mailed more than once: {repeated}"
    return True


if __name__ == "__main__":
    verifier.main()
