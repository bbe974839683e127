#!/usr/bin/env python3
"""Verifier of calendar-import-cleanup: every group of identical events (same calendar, title,
start and end in the seed) keeps exactly one live copy, the others are cancelled or deleted, and
no other event changed. Groups come from the pristine seed DB, not from hard-coded ids."""

from collections import defaultdict
from functools import cache

from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("calendar-import-cleanup")

EVENTS = "SELECT id, calendar_id, title, start_at, end_at, status FROM events"


@cache
def groups() -> list[list[int]]:
    by_key = defaultdict(list)
    for row in query("calendar", EVENTS, seed=True):
        by_key[(row["calendar_id"], row["title"], row["start_at"], row["end_at"])].append(row["id"])
    return [sorted(ids) for ids in by_key.values() if len(ids) > 1]


@cache
def live() -> set[int]:
    return {row["id"] for row in query("calendar", EVENTS) if row["status"] != "cancelled"}


@verifier.checkpoint(weight=3, rationale="the extra copies of the imported events are gone")
def extra_copies_removed() -> float:
    extra = sum(len(ids) - 1 for ids in groups())
    removed = sum(min(sum(i not in live() for i in ids), len(ids) - 1) for ids in groups())
    return removed / extra


@verifier.checkpoint(weight=2, rationale="each duplicated event still exists exactly once")
def one_copy_kept() -> float:
    kept = [sum(i in live() for i in ids) == 1 for ids in groups()]
    return sum(kept) / len(kept)


@verifier.checkpoint(weight=2, rationale="events that only share a title were kept unchanged")
def other_events_untouched() -> bool:
    duplicated = {i for ids in groups() for i in ids}
    diff = diff_service("calendar")
    touched = {c.key[0] for c in diff.changed("events")} | {r["id"] for r in diff.removed("events")}
    wrong = sorted(touched - duplicated)
    assert not wrong, f"events {wrong} are not duplicates but were changed or removed"
    return True


@verifier.checkpoint(weight=1, rationale="copies were only cancelled, never moved or edited")
def nothing_else_changed() -> bool:
    diff = diff_service("calendar")
    problems = diff.unexpected(
        {
            "events": ["changed", "removed"],
            "event_attendees": ["removed", "changed"],
            "event_reminders": ["removed"],
        }
    )
    for change in diff.changed("events"):
        edited = set(change.fields) - {"status", "updated_at"}
        if edited or change.after["status"] != "cancelled":
            problems.append(f"event {change.key[0]}: {sorted(change.fields)} changed")
    duplicated = {i for ids in groups() for i in ids}
    for table in ("event_attendees", "event_reminders"):
        problems += [
            f"{table} row of event {r['event_id']} removed"
            for r in diff.removed(table)
            if r["event_id"] not in duplicated
        ]
    for change in diff.changed("event_attendees"):
        if change.after["event_id"] not in duplicated or live() & {change.after["event_id"]}:
            problems.append(f"an invitation of event {change.after['event_id']} changed")
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
