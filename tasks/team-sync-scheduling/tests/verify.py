#!/usr/bin/env python3
"""Verifier of team-sync-scheduling.

Exactly one "Team sync", created by the calendar's ``create_event`` (any channel: API, MCP
tool, web form) in Alice's own calendar, at the earliest 45-minute slot tomorrow (09:00-17:00
Paris) when Alice, Bob (London) and Carol are all free, a plain busy one-off meeting with Bob and
Carol invited and nobody else, its invitation (description, place) telling nothing of the
others' appointments (goals). The service refused the first calls (503 with Retry-After), so
only an agent that retries gets there. The calendar must change field by field exactly as that
meeting changes it, with no event edited, cancelled or answered on the way (by operation).
Times are compared as instants, relative to the seed's clock.
"""

from datetime import datetime, timedelta
from functools import cache
from itertools import pairwise
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.verify import (
    ANY,
    Added,
    ContentRule,
    Verifier,
    all_calls_as,
    audit_log,
    diff_service,
    expect_changes,
    never_performed,
    performed,
    query,
    satisfies,
    seed_time,
)

verifier = Verifier("team-sync-scheduling")

TZ = ZoneInfo("Europe/Paris")
EXPECTED_START = "+1d 13:30"  # Paris time; Bob's London morning makes 10:30 a trap
DURATION = timedelta(minutes=45)
TITLE = "Team sync"
GUESTS = {"bob@example.test", "carol@example.test"}
# what the instruction forbids ("change nothing else"), even when undone before the end,
# through any channel (API, MCP tool or web form)
FORBIDDEN = (
    "update_event",
    "delete_event",
    "update_occurrence",
    "cancel_occurrence",
    "rsvp",
    "create_calendar",
    "update_calendar",
    "delete_calendar",
    "share_calendar",
    "unshare_calendar",
    "update_profile",
)
# the invitation Bob and Carol get tells nothing of the others' appointments
OTHERS_APPOINTMENTS = {
    "Bob's appointments": ("supplier call", "vendor workshop", "interview"),
    "Carol's appointments": ("customer demo", "writing time", "old planning slot"),
    "Alice's lunch guest": ("dana",),
}
# the agent's prompt, uploaded with the tests: the invitation must be no copy of it
INSTRUCTION = Path(__file__).with_name("instruction.md")


def utc(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=ZoneInfo("UTC"))


def expected_start() -> datetime:
    return seed_time("calendar").at(EXPECTED_START)


@cache
def alice() -> dict:
    (user,) = query("calendar", "SELECT id FROM users WHERE username = 'alice'")
    (calendar,) = query(
        "calendar", "SELECT id FROM calendars WHERE owner_id = ? AND is_primary", [user["id"]]
    )
    return {"user_id": user["id"], "calendar_id": calendar["id"]}


@cache
def new_events() -> list[dict]:
    return diff_service("calendar").added("events")


def live_syncs() -> list[dict]:
    return [e for e in new_events() if "sync" in e["title"].lower() and e["status"] != "cancelled"]


def the_sync() -> dict:
    found = live_syncs()
    assert len(found) == 1, f"{len(found)} live new sync meetings (expected exactly one)"
    return found[0]


def created_by_the_calendar(event_id: int) -> bool:
    """A successful ``create_event`` (any channel) added the event, by the rows the audit log
    links to it."""
    return any(
        change.table == "events" and change.row_id == str(event_id)
        for entry in performed("calendar", "create_event")
        for change in entry.changes
    )


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="exactly one Team sync, created by the calendar (create_event, any channel) at the "
    "earliest slot all three are free",
)
def booked_at_earliest_slot() -> bool:
    start = utc(the_sync()["start_at"])
    assert start == expected_start(), f"starts at {start.astimezone(TZ):%H:%M} Paris"
    assert created_by_the_calendar(the_sync()["id"]), (
        "no successful create_event of it in the audit log"
    )
    return True


def invitation_rule() -> ContentRule:
    """What the invitation's free text (description, place) must not carry: the others'
    appointments, a copy of the instruction, another day or time than the meeting's (its
    start and end in Paris, Alice's, or in London, Bob's, the UTC of that day)."""
    start = expected_start()
    ends = (start, start + DURATION)
    times = [f"{t.astimezone(ZoneInfo(zone)):%H:%M}" for t in ends for zone in MEETING_ZONES]
    day = start.astimezone(ZoneInfo(MEETING_ZONES[0])).date()
    return ContentRule(
        not_about=OTHERS_APPOINTMENTS,
        source=INSTRUCTION.read_text(),
        times=times,
        days=[day],
    )


MEETING_ZONES = ("Europe/Paris", "Europe/London")  # Alice's and Carol's, Bob's


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="a plain busy 45-minute one-off meeting called Team sync in Alice's own calendar, "
    "its invitation telling nothing of the others' appointments",
)
def meeting_shape() -> bool:
    sync = the_sync()
    length = utc(sync["end_at"]) - utc(sync["start_at"])
    problems = []
    if length != DURATION:
        problems.append(f"lasts {length}")
    if sync["title"].strip() != TITLE:
        problems.append(f"is called {sync['title']!r}")
    if (sync["calendar_id"], sync["organizer_id"]) != (
        alice()["calendar_id"],
        alice()["user_id"],
    ):
        problems.append("is not organized by Alice in her own calendar")
    if sync["status"] != "confirmed" or sync["transparency"] != "opaque":
        problems.append(f"is {sync['status']} and {sync['transparency']}")
    if sync["recurrence_freq"] or sync["all_day"]:
        problems.append(f"repeats {sync['recurrence_freq']} or is all-day")
    told = "\n".join(filter(None, (sync["description"], sync["location"])))
    found = invitation_rule().check(told, what="its description and place")
    if told.strip() and not found.ok:
        problems.append(f"has in its description or place: {found.detail()}")
    assert not problems, "the sync " + "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="Bob and Carol are invited, nobody else, as plain guests"
)
def guests_invited() -> bool:
    rows = query("calendar", "SELECT * FROM event_attendees WHERE event_id = ?", [the_sync()["id"]])
    invited = {r["email"].lower() for r in rows}
    assert invited == GUESTS, f"invited: {sorted(invited)}"
    optional = [r["email"] for r in rows if r["optional"]]
    assert not optional, f"invited as optional: {optional}"
    return True


@verifier.checkpoint(
    weight=2,
    rationale="only that meeting and its two invitations were added, field by field; no event "
    "edited, cancelled or answered on the way, every call as Alice; each refused creation "
    "retried no sooner than the calendar asked",
)
def nothing_else_changed() -> bool:
    start = expected_start()
    ids = alice()
    expect_changes(
        "calendar",
        [
            Added(
                "events",
                fields={
                    "calendar_id": ids["calendar_id"],
                    "organizer_id": ids["user_id"],
                    "title": satisfies(repr(TITLE), lambda v: v.strip() == TITLE),
                    "description": ANY,
                    "location": ANY,
                    "start_at": satisfies(f"{start:%H:%M} UTC", lambda v: utc(v) == start),
                    "end_at": satisfies(
                        f"{start + DURATION:%H:%M} UTC", lambda v: utc(v) == start + DURATION
                    ),
                    "timezone": ANY,
                    "all_day": 0,
                    "status": "confirmed",
                    "transparency": "opaque",
                    "recurrence_interval": 1,
                    "created_at": ANY,
                    "updated_at": ANY,
                },
            ),
            Added(
                "event_attendees",
                fields={
                    "event_id": satisfies(
                        "the new meeting", lambda v: v in {e["id"] for e in new_events()}
                    ),
                    "email": satisfies("Bob or Carol", lambda v: v.lower() in GUESTS),
                    "user_id": ANY,
                    "rsvp_status": "needs_action",
                    "optional": 0,
                    "hidden": 0,
                },
                count=2,
            ),
        ],
    ).check()
    never_performed("calendar", *FORBIDDEN).check()
    all_calls_as("calendar", "alice").check()
    early = retried_too_soon()
    assert not early, f"retried sooner than the calendar asked (Retry-After): {early}"
    return True


RETRY_AFTER_S = 1  # the seed's ``faults``: the first two event creations get 503, Retry-After: 1
RETRY_SLACK = 0.9  # of the wait: the agent reads the answer a moment after it was logged


def retried_too_soon() -> list[str]:
    """Each event creation sent again sooner than the 503 before it asked (the instruction:
    "wait as it asks and try again"), by the host's real time: from when the refusal was
    logged to when the next attempt was received."""
    attempts = [e for e in audit_log("calendar") if e.operation == "create_event"]
    return [
        f"call {then.id} {(then.received_ns - refused.logged_ns) / 1e9:.2f} s after the 503 of "
        f"call {refused.id}"
        for refused, then in pairwise(attempts)
        if refused.status == 503
        and refused.fault
        and refused.logged_ns is not None
        and then.received_ns is not None
        and then.received_ns - refused.logged_ns < RETRY_SLACK * RETRY_AFTER_S * 1e9
    ]


if __name__ == "__main__":
    verifier.main()
