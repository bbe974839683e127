#!/usr/bin/env python3
"""Verifier of shop-delivery-reminder (shop + email -> calendar): exactly one new event in
Alice's calendar, on the desk's expected delivery day (from the shipping mail) and titled with
its order number alone (goals), all-day and one day long; the calendar changed field by field
only by that event, the shop and the mailbox not at all, not even
through changes undone before the end. The date is relative to the seed's clock."""

from datetime import date, datetime
from functools import cache
from zoneinfo import ZoneInfo

from mock_services.verify import (
    ANY,
    Added,
    Verifier,
    all_calls_as,
    diff_service,
    expect_changes,
    never_called,
    query,
    seed_time,
)

verifier = Verifier("shop-delivery-reminder")

EXPECTED_DAY = "+3d"  # "Estimated delivery: Thursday 5 March" in the shipping mail
EXPECTED_ORDER = "ORD-204518"
USER = "alice"
SERVICES = ("shop", "email", "calendar")
# "no changes to my mail", no new or cancelled orders: the shop and the mailbox are only read
# (reading a mail by API or web page leaves it as it was), so no mutating call at all, even
# one undone before the end
READ_ONLY = ("shop", "email")


@cache
def new_events() -> list[dict]:
    return diff_service("calendar").added("events")


def reminder() -> dict:
    """The one new event still standing (a cancelled extra one is nothing_else_changed's)."""
    events = [e for e in new_events() if e["status"] != "cancelled"]
    assert len(events) == 1, f"{len(events)} new events: {[e['title'] for e in events]}"
    return events[0]


def day_of(event: dict) -> date:
    if event["all_day"]:
        return date.fromisoformat(event["start_date"])
    start = datetime.fromisoformat(event["start_at"]).replace(tzinfo=ZoneInfo("UTC"))
    return start.astimezone(seed_time("calendar").timezone).date()


@verifier.checkpoint(
    weight=3, goal=True, rationale="exactly one new event stands, on the expected delivery day"
)
def on_delivery_day() -> bool:
    got, expected = day_of(reminder()), seed_time("calendar").day(EXPECTED_DAY)
    assert got == expected, f"the reminder is on {got}"
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="the title carries the desk's order number and no other"
)
def order_number_in_title() -> bool:
    title = reminder()["title"]
    assert EXPECTED_ORDER in title, f"title {title!r}"
    codes = {r["code"] for r in query("shop", "SELECT code FROM orders", seed=True)}
    others = sorted(code for code in codes - {EXPECTED_ORDER} if code in title)
    assert not others, f"title {title!r} also names {others}"
    return True


@verifier.checkpoint(weight=3, rationale="it is an all-day reminder, one day long")
def all_day() -> bool:
    event = reminder()
    assert event["all_day"], f"a timed event, {event['start_at']} to {event['end_at']} UTC"
    assert event["start_date"] == event["end_date"], f"{event['start_date']} to {event['end_date']}"
    return True


@cache
def alice_calendar() -> dict:
    sql = (
        "SELECT c.id, u.id AS user_id FROM calendars c JOIN users u ON u.id = c.owner_id "
        "WHERE u.username = ? AND c.is_primary"
    )
    (row,) = query("calendar", sql, [USER], seed=True)
    return row


def calendar_changes() -> list[Added]:
    """The one event, field by field: Alice's own, confirmed, no series; reminders on it only."""
    new_ids = tuple(e["id"] for e in new_events())
    return [
        Added(
            "events",
            fields={
                "calendar_id": alice_calendar()["id"],
                "organizer_id": alice_calendar()["user_id"],
                "title": ANY,
                "description": ANY,
                "location": ANY,
                "start_at": ANY,
                "end_at": ANY,
                "timezone": ANY,
                "all_day": ANY,  # scored by all_day
                "start_date": ANY,
                "end_date": ANY,
                "status": "confirmed",
                "transparency": ANY,
                "recurrence_interval": 1,
                "created_at": ANY,
                "updated_at": ANY,
            },
        ),
        Added(
            "event_reminders",
            fields={
                "event_id": lambda value: value in new_ids,
                "minutes_before": ANY,
                "method": ANY,
            },
            count=None,
        ),
    ]


@cache
def seeded_event_routes() -> tuple[str, ...]:
    """Any mutating call on a seeded event (the dentist), by API or UI, even if undone."""
    ids = [r["id"] for r in query("calendar", "SELECT id FROM events", seed=True)]
    return tuple(
        route
        for i in ids
        for route in (f"* /api/events/{i}", f"* /api/events/{i}/*", f"* /events/{i}/*")
    )


@verifier.checkpoint(
    weight=3,
    rationale="only that event was added, field by field; shop and mail untouched and never "
    "called to change, even if undone; every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("calendar", calendar_changes()).check()
    never_called("calendar", *seeded_event_routes()).check()
    for service in READ_ONLY:
        expect_changes(service).check()
        never_called(service, "* /*").check()
    for service in SERVICES:
        all_calls_as(service, USER).check()
    return True


if __name__ == "__main__":
    verifier.main()
