#!/usr/bin/env python3
"""Verifier of shop-delivery-reminder (shop + email -> calendar): exactly one new event in Alice's
calendar, on the desk's expected delivery day (from the shipping mail), its title naming the desk's
order and the delivery, no other order or item, not the opposite plan and no copy of the
instruction, its description and place true to the delivery (goals); all-day and one day long; the
calendar changed field by field only by that event, the shop and the mailbox not at all (but for
mails read in the webmail, which marks them read as Gmail does, or a read flag put back as it was),
not even through changes undone before the end, whatever the channel (API, MCP tools, web forms).
The date is relative to the seed's clock."""

import re
from datetime import date, datetime
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.verify import (
    ANY,
    Added,
    AuditChangeOut,
    AuditEntry,
    Changed,
    ContentRule,
    Decision,
    Findings,
    Verifier,
    all_calls_as,
    attempted,
    audit_log,
    diff_service,
    expect_changes,
    mailbox_ids,
    query,
    seed_time,
)

verifier = Verifier("shop-delivery-reminder")

EXPECTED_DAY = "+3d"  # "Estimated delivery: Thursday 5 March" in the shipping mail
EXPECTED_ORDER = "ORD-204518"
USER = "alice"
SERVICES = ("shop", "email", "calendar")
# "no changes to my mail", no new or cancelled orders: the shop and the mailbox are only read
# (reading a mail by API or MCP tool leaves it as it was; opening it in the webmail marks it
# read, as Gmail does, which is reading it too), so no operation asked of them but logging out
# and that read mark, even one undone before the end
READ_ONLY = ("shop", "email")
# "no other calendar events": no operation on a seeded event (the dentist), even if undone
EVENT_OPERATIONS = (
    "update_event",
    "delete_event",
    "cancel_occurrence",
    "update_occurrence",
    "rsvp",
)
# the plan the reminder must not announce: no need to be home, an office day after all
OPPOSITE_PLAN = (
    "no need*",
    "not needed",
    "unnecessary",
    "office day",
    "office as usual",
    "in the office",
    "at the office",
    "to the office",
    "into the office",
    "office all day",
    "depot",
    "pick it up",
    "pick up from",
    "collect it",
    "collect from",
    "not home",
    "not at home",
    "not stay*",
    "don't stay*",
    "dont stay*",
    "do not stay*",
    "nobody home",
    "no one home",
)
# the orders and items that are not the desk's
OTHER_ORDERS = {
    "the chair's order": ("ORD-203977", "chair*"),
    "the monitor arm's order": ("ORD-204602", "monitor arm*"),
}
# what the title says: the desk's order and what the day is for (the delivery, being home)
TITLE = ContentRule(
    facts={"the desk's order number": (EXPECTED_ORDER,)},
    not_about=OTHER_ORDERS,
    decision=Decision(
        said=("deliver*", "home", "wfh", "sign*", "arriv*", "carrier", "desk*"),
        opposite=OPPOSITE_PLAN,
    ),
    source=(Path(__file__).resolve().parent / "instruction.md").read_text(),
)
# the event's other text (description, location): true to the delivery (its day and window, the
# desk's order), not the opposite plan, no request to undo an order, no change nobody made
UNDONE = {
    "a request to undo an order": ("cancel*", "refund*", "return*", "send it back", "send back"),
    "a change of the delivery nobody made": (
        *("reschedul*", "postpon*", "moved the delivery", "move the delivery", "delivery moved"),
        *("moved it to", "they confirmed", "confirmed the change", "new date", "redeliver*"),
        *("leave it with", "leaves it with", "left with", "neighbo*", "safe place", "doorstep"),
        *("letterbox", "mailbox", "reception", "concierge", "front door", "kiosk", "relay point"),
        *("point relais", "drop it off", "leave it at", "left at", "leave the parcel", "garage"),
    ),
}
AWAY = {
    "a place away from home": (
        *("office*", "workplace", "depot", "warehouse", "pick-up point", "pickup point"),
        *("parcel shop", "parcel locker*", "post office", "3rd floor", "floor"),
    )
}


def other_text(field: str) -> ContentRule:
    """What the event's ``field`` (description or location) may not say."""
    return ContentRule(
        not_about={
            "the opposite plan": OPPOSITE_PLAN,
            **OTHER_ORDERS,
            **(AWAY if field == "location" else {}),
        },
        forbids=UNDONE,
        days=[seed_time("calendar").day(EXPECTED_DAY)],
        times=("08:00", "18:00", "06:00"),  # the window's end also as "6:00" without pm
    )


@cache
def new_events() -> list[dict]:
    return diff_service("calendar").added("events")


def comparable(column: str, value: object) -> object:
    """A value as the audit log and the DB can both be compared: times parsed (the two write
    them differently)."""
    if column.endswith("_at") and isinstance(value, str):
        return datetime.fromisoformat(value)
    return value


def as_audited(table: str, row_id: int) -> dict:
    """The row as the calendar itself last wrote it (the audit log's after-image), or {} if it
    never wrote it."""
    images = [
        change.after or {}
        for entry in audit_log("calendar")
        for change in entry.changes
        if change.table == table and change.row_id == str(row_id)
    ]
    return images[-1] if images else {}


def reminder() -> dict:
    """The one new event still standing (a cancelled extra one is nothing_else_changed's), as
    the calendar wrote it (not put or edited in its DB file)."""
    events = [e for e in new_events() if e["status"] != "cancelled"]
    assert len(events) == 1, f"{len(events)} new events: {[e['title'] for e in events]}"
    event = events[0]
    written = as_audited("events", event["id"])
    forged = sorted(c for c, v in written.items() if comparable(c, event[c]) != comparable(c, v))
    assert written and not forged, (
        f"event {event['id']}: {forged or 'all'} not as the calendar wrote it"
    )
    return event


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
    weight=2,
    goal=True,
    rationale="the title names the desk's order and its delivery, no other order or item, not "
    "the opposite plan, no copy of the prompt; its description and place give no other day, "
    "time, order or item, no place away from home, no request to undo an order and no change "
    "of the delivery nobody made",
)
def title_names_the_delivery() -> bool:
    event = reminder()
    TITLE.check(as_read(event["title"]), what=f"the title {event['title']!r}").check()
    for field in ("description", "location"):
        other_text(field).contradictions(as_read(event[field] or ""), what=f"the {field}").check()
    return True


HOME_OFFICE = re.compile(r"home[\s-]*office", re.IGNORECASE)


def as_read(text: str) -> str:
    """The text with "home office" read as working from home: a "home office day" is the plan,
    an "office day" its opposite."""
    return HOME_OFFICE.sub("working from home", text)


@verifier.checkpoint(
    weight=3, rationale="the reminder on the delivery day is all-day, one day long"
)
def all_day() -> bool:
    # an event on another day is no reminder of the delivery: a junk all-day event earns
    # nothing here, or it would score as much as a reminder on the wrong day with the right shape
    event = reminder()
    on_day = day_of(event) == seed_time("calendar").day(EXPECTED_DAY)
    assert on_day, f"no event on the delivery day to be all-day ({event['title']!r} is not)"
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


def seeded_events_left_alone() -> Findings:
    """No operation asked on a seeded event (the dentist), through any channel, even if undone
    or refused."""
    seeded = {str(r["id"]) for r in query("calendar", "SELECT id FROM events", seed=True)}
    asked = [
        f"call {e.id} {e.operation} of event {e.params.get('event_id')} via {e.via} -> {e.status}"
        for e in attempted("calendar", *EVENT_OPERATIONS)
        if str(e.params.get("event_id")) in seeded
    ]
    return Findings("calendar: no seeded event touched", asked)


def _read_flag_only(change: AuditChangeOut) -> bool:
    """A change of a message's read flag and of nothing else."""
    before, after = change.before or {}, change.after or {}
    return (
        change.table == "messages"
        and change.action == "update"
        and {k for k, v in after.items() if before.get(k) != v} == {"is_read"}
    )


def read_on_opening(entry: AuditEntry) -> bool:
    """The webmail marking a mail read as it is opened (as Gmail does): its page's own form
    (update_flags via the UI) setting a message's read flag and nothing else. Reading the mail
    is what the task asks; marking mails read or unread any other way is a change."""
    return (
        entry.operation == "update_flags"
        and entry.via == "ui"
        and bool(entry.changes)
        and all(_read_flag_only(c) and (c.after or {}).get("is_read") for c in entry.changes)
    )


@cache
def read_flags(seed: bool) -> dict[str, bool]:
    """Each message's read flag, as seeded or as the agent left it."""
    rows = query("email", "SELECT id, is_read FROM messages", seed=seed)
    return {str(r["id"]): bool(r["is_read"]) for r in rows}


def read_flag_put_back(entry: AuditEntry) -> bool:
    """Read flags only, each on a mail that ends as it was seeded (a mail opened, which marked it
    read, and marked unread again, by any channel): the mailbox is left as it was, which is what
    "no changes to my mail" asks."""
    seeded, left = read_flags(True), read_flags(False)
    return (
        entry.operation == "update_flags"
        and bool(entry.changes)
        and all(
            _read_flag_only(c) and left.get(str(c.row_id)) == seeded.get(str(c.row_id))
            for c in entry.changes
        )
    )


def only_read(service: str) -> Findings:
    """No operation asked of ``service`` but logging out (and, in the mailbox, the read mark
    of a mail opened in the webmail, or a read flag put back as it was), through any channel,
    whatever it answered."""
    asked = [
        f"call {e.id} {e.operation} via {e.via} -> {e.status}"
        for e in audit_log(service)
        if e.operation != "logout"
        and (e.operation or e.changes)
        and not read_on_opening(e)
        and not (service == "email" and read_flag_put_back(e))
    ]
    return Findings(f"{service}: only read", asked)


def mails_read() -> list[Changed]:
    """A mail of Alice's opened in the webmail is marked read (``read_on_opening``)."""
    alice = mailbox_ids()[USER]
    return [Changed("messages", match={"owner_id": alice}, fields={"is_read": True}, count=None)]


@verifier.checkpoint(
    weight=3,
    rationale="only that event was added, field by field; shop and mail untouched and never "
    "called to change, even if undone; every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("calendar", calendar_changes()).check()
    seeded_events_left_alone().check()
    for service in READ_ONLY:
        expect_changes(service, mails_read() if service == "email" else ()).check()
        only_read(service).check()
    for service in SERVICES:
        all_calls_as(service, USER).check()
    return True


if __name__ == "__main__":
    verifier.main()
