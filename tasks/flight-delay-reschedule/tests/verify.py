#!/usr/bin/env python3
"""Verifier of flight-delay-reschedule (email -> calendar -> email).

The delay notice gives the new landing time; the workshop must start two hours after it, keep
its 90 minutes, and every guest must get a mail from Alice naming the new start time.
Expected times are relative to the seed's clock, so the task never goes stale.
"""

from datetime import datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from mock_services.core.clock import resolve_datetime
from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("flight-delay-reschedule")

TZ = ZoneInfo("Europe/London")
MEETING_ID = 2  # the seed pins it: "Northwind workshop"
EXPECTED_START = "+1d 15:40"  # new landing 13:40 + 2 h, London time
EXPECTED_START_TEXT = "15:40"
DURATION = timedelta(minutes=90)
GUESTS = ("bob@example.test", "maria@northwind.example")


def seed_time(relative: str) -> datetime:
    meta = {r["key"]: r["value"] for r in query("calendar", "SELECT key, value FROM _meta")}
    return resolve_datetime(relative, datetime.fromisoformat(meta["now"]), TZ)


def stored(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=ZoneInfo("UTC"))


@cache
def meeting() -> dict:
    (row,) = query("calendar", "SELECT * FROM events WHERE id = ?", [MEETING_ID])
    return row


@cache
def alice_sent() -> list[dict]:
    return [
        m
        for m in diff_service("email").added("messages")
        if m["from_address"] == "alice@example.test" and m["owner_id"] == 1
    ]


@verifier.checkpoint(weight=3, rationale="the workshop starts two hours after the new landing")
def meeting_moved() -> bool:
    start = stored(meeting()["start_at"])
    assert meeting()["status"] == "confirmed", f"status is {meeting()['status']}"
    assert start == seed_time(EXPECTED_START), f"starts at {start.astimezone(TZ):%H:%M} London"
    return True


@verifier.checkpoint(weight=1, rationale="the meeting keeps its length, place and guests")
def meeting_kept_its_shape() -> bool:
    start, end = stored(meeting()["start_at"]), stored(meeting()["end_at"])
    guests = {
        r["email"]
        for r in query(
            "calendar", "SELECT email FROM event_attendees WHERE event_id = ?", [MEETING_ID]
        )
    }
    assert end - start == DURATION, f"lasts {end - start}"
    assert guests == set(GUESTS), f"guests are {sorted(guests)}"
    assert meeting()["location"] == "Office, room 4", "the place changed"
    return True


@verifier.checkpoint(weight=2, rationale="each guest got a mail from Alice with the new time")
def guests_notified() -> float:
    told = set()
    for mail in alice_sent():
        recipients = mail["to_addresses"] + mail["cc_addresses"] + mail["bcc_addresses"]
        if EXPECTED_START_TEXT in mail["body"] or EXPECTED_START_TEXT in mail["subject"]:
            told |= {g for g in GUESTS if g in recipients}
    return len(told) / len(GUESTS)


@verifier.checkpoint(weight=1, rationale="no other event was touched and no mail was deleted")
def nothing_else_changed() -> bool:
    calendar = diff_service("calendar")
    problems = calendar.unexpected({"events": ["changed"], "event_attendees": ["changed"]})
    problems += [
        f"event {c.key[0]} changed" for c in calendar.changed("events") if c.key[0] != MEETING_ID
    ]
    problems += diff_service("email").unexpected(
        {"messages": ["added", "changed"], "contacts": ["added"]}
    )
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
