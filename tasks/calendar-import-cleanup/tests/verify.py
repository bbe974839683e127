#!/usr/bin/env python3
"""Verifier of calendar-import-cleanup.

Every group of identical events (same calendar, title, start and end in the seed) must keep
exactly one copy as seeded, guests' invitations included, and have the others cancelled by the
calendar, not deleted (goals); events that only share a title, and the weekly series, must stay
as seeded (goal). The calendar must change field by field exactly as those cancellations change
it, with no event edited, created or answered on the way (audit log). Groups come from the
pristine seed DB, not from hard-coded ids.
"""

from collections import defaultdict
from functools import cache

from mock_services.verify import (
    ANY,
    Changed,
    Verifier,
    all_calls_as,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("calendar-import-cleanup")

# what the instruction forbids, even when undone before the end, through any channel (API, MCP
# tool or web form): moving, renaming or editing an event, creating one, answering an
# invitation, touching one instance of a series, touching calendars, shares or the profile
FORBIDDEN = (
    "update_event",
    "create_event",
    "cancel_occurrence",
    "update_occurrence",
    "rsvp",
    "create_calendar",
    "update_calendar",
    "delete_calendar",
    "share_calendar",
    "unshare_calendar",
    "update_profile",
)
# an event as the guest sees it: every column but the bookkeeping one
COMPARED = "updated_at"
GUEST_TABLES = ("event_attendees", "event_reminders", "event_exceptions")


@cache
def groups() -> list[list[int]]:
    by_key = defaultdict(list)
    for row in query("calendar", "SELECT * FROM events", seed=True):
        by_key[(row["calendar_id"], row["title"], row["start_at"], row["end_at"])].append(row["id"])
    return [sorted(ids) for ids in by_key.values() if len(ids) > 1]


@cache
def duplicated() -> frozenset[int]:
    return frozenset(i for ids in groups() for i in ids)


@cache
def others() -> list[int]:
    """Seeded events that are no extra copy of anything: they only share a title, or repeat."""
    return [
        r["id"]
        for r in query("calendar", "SELECT id FROM events", seed=True)
        if r["id"] not in duplicated()
    ]


def event(event_id: int, *, seed: bool = False) -> dict | None:
    """The event's row (but ``updated_at``) with its guests, reminders and own instances."""
    rows = query("calendar", "SELECT * FROM events WHERE id = ?", [event_id], seed=seed)
    if not rows:
        return None
    shown = {k: v for k, v in rows[0].items() if k != COMPARED}
    for table in GUEST_TABLES:
        found = query(
            "calendar",
            f"SELECT * FROM {table} WHERE event_id = ? ORDER BY id",
            [event_id],
            seed=seed,
        )
        shown[table] = [{k: v for k, v in r.items() if k != COMPARED} for r in found]
    return shown


def as_seeded(event_id: int) -> bool:
    return event(event_id) == event(event_id, seed=True)


@cache
def cancelled_by_the_calendar() -> frozenset[int]:
    """Events a successful cancel (``delete_event``, through any channel) changed, by the
    rows the audit log links to it."""
    return frozenset(
        int(change.row_id)
        for entry in performed("calendar", "delete_event")
        for change in entry.changes
        if change.table == "events"
    )


def cancelled(event_id: int) -> bool:
    """Still there, cancelled, and otherwise as seeded."""
    now, seeded = event(event_id), event(event_id, seed=True)
    if now is None or now["status"] != "cancelled":
        return False
    return {**now, "status": seeded["status"]} == seeded


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="all but one copy of each duplicated event are cancelled (not deleted) by the "
    "calendar",
)
def extra_copies_cancelled() -> bool:
    problems = []
    for ids in groups():
        gone = [i for i in ids if event(i) is None]
        if gone:
            problems.append(f"events {gone} were deleted, not cancelled")
        done = [i for i in ids if cancelled(i)]
        if len(done) != len(ids) - 1:
            problems.append(f"of the copies {ids}, {done} are cancelled (expected all but one)")
        by_hand = [i for i in done if i not in cancelled_by_the_calendar()]
        if by_hand:
            problems.append(f"events {by_hand} are cancelled but no cancel succeeded in the log")
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="one copy of each duplicated event is kept exactly as seeded, guests' invitations "
    "included",
)
def one_copy_kept() -> bool:
    problems = []
    for ids in groups():
        kept = [i for i in ids if event(i) is not None and event(i)["status"] != "cancelled"]
        if len(kept) != 1:
            problems.append(f"of the copies {ids}, {kept or 'none'} are kept (expected one)")
        elif not as_seeded(kept[0]):
            problems.append(f"the kept copy {kept[0]} is not as seeded")
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="events that only share a title, and the weekly series, are kept as seeded",
)
def other_events_kept() -> bool:
    touched = [i for i in others() if not as_seeded(i)]
    assert not touched, f"events {touched} are no extra copies but were changed or removed"
    return True


@verifier.checkpoint(
    weight=2,
    rationale="only those cancellations changed the calendar, field by field; no event edited, "
    "created or answered on the way, every call as Alice",
)
def nothing_else_changed() -> bool:
    extra = sum(len(ids) - 1 for ids in groups())
    expect_changes(
        "calendar",
        [
            Changed(
                "events",
                match={"id": one_of(*sorted(duplicated()))},
                fields={"status": "cancelled", "updated_at": ANY},
                count=extra,
            )
        ],
    ).check()
    never_performed("calendar", *FORBIDDEN).check()
    all_calls_as("calendar", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
