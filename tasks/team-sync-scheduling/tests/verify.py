#!/usr/bin/env python3
"""Verifier of team-sync-scheduling: one "Team sync" in Alice's calendar at the earliest
45-minute slot tomorrow (09:00-17:00 Paris) when Alice, Bob (London) and Carol are all free,
with both invited. The service refused the first calls (503 with Retry-After), so only an agent
that retries gets here. Times are relative to the seed's clock."""

from datetime import datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from mock_services.core.clock import resolve_datetime
from mock_services.verify import Result, Verifier, diff_service, query

verifier = Verifier("team-sync-scheduling")

TZ = ZoneInfo("Europe/Paris")
EXPECTED_START = "+1d 13:30"  # Paris time; Bob's London morning makes 10:30 a trap
DURATION = timedelta(minutes=45)
GUESTS = {"bob@example.test", "carol@example.test"}


def seed_time(relative: str) -> datetime:
    meta = {r["key"]: r["value"] for r in query("calendar", "SELECT key, value FROM _meta")}
    return resolve_datetime(relative, datetime.fromisoformat(meta["now"]), TZ)


def utc(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=ZoneInfo("UTC"))


@cache
def syncs() -> list[dict]:
    added = diff_service("calendar").added("events")
    return [e for e in added if "sync" in e["title"].lower() and e["status"] != "cancelled"]


def the_sync() -> dict:
    assert syncs(), "no new Team sync event"
    return syncs()[0]


@verifier.checkpoint(weight=3, rationale="the sync is at the earliest slot all three are free")
def earliest_common_slot() -> Result:
    start = utc(the_sync()["start_at"])
    return Result(float(start == seed_time(EXPECTED_START)), f"{start.astimezone(TZ):%H:%M} Paris")


@verifier.checkpoint(weight=1, rationale="it lasts 45 minutes")
def right_length() -> bool:
    return utc(the_sync()["end_at"]) - utc(the_sync()["start_at"]) == DURATION


@verifier.checkpoint(weight=2, rationale="Bob and Carol are invited")
def guests_invited() -> float:
    rows = query(
        "calendar", "SELECT email FROM event_attendees WHERE event_id = ?", [the_sync()["id"]]
    )
    return len(GUESTS & {r["email"] for r in rows}) / len(GUESTS)


@verifier.checkpoint(weight=1, rationale="exactly one meeting, even though calls had to be retried")
def exactly_one() -> bool:
    return len(syncs()) == 1


@verifier.checkpoint(weight=1, rationale="nothing else in any calendar changed")
def nothing_else_changed() -> bool:
    problems = diff_service("calendar").unexpected(
        {"events": ["added"], "event_attendees": ["added"], "event_reminders": ["added"]}
    )
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
