#!/usr/bin/env python3
"""Verifier of shop-delivery-reminder (shop + email -> calendar): an all-day event on the
desk's expected delivery day (from the shipping mail), titled with its order number; shop and
mail untouched. The date is relative to the seed's clock."""

from datetime import date, datetime
from functools import cache
from zoneinfo import ZoneInfo

from mock_services.core.clock import resolve_date
from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("shop-delivery-reminder")

TZ = ZoneInfo("Europe/Paris")
EXPECTED_DAY = "+3d"  # "Estimated delivery: Thursday 5 March" in the shipping mail
EXPECTED_ORDER = "ORD-204518"


def seed_date(relative: str) -> date:
    meta = {r["key"]: r["value"] for r in query("calendar", "SELECT key, value FROM _meta")}
    return resolve_date(relative, datetime.fromisoformat(meta["now"]), TZ)


@cache
def new_events() -> list[dict]:
    return [e for e in diff_service("calendar").added("events") if e["status"] != "cancelled"]


def reminder() -> dict:
    with_code = [e for e in new_events() if EXPECTED_ORDER in e["title"]]
    assert with_code or new_events(), "no new calendar event"
    return (with_code or new_events())[0]


def day_of(event: dict) -> date:
    if event["all_day"]:
        return date.fromisoformat(event["start_date"])
    start = datetime.fromisoformat(event["start_at"]).replace(tzinfo=ZoneInfo("UTC"))
    return start.astimezone(TZ).date()


@verifier.checkpoint(weight=3, rationale="the reminder is on the expected delivery day")
def on_delivery_day() -> bool:
    got = day_of(reminder())
    assert got == seed_date(EXPECTED_DAY), f"the reminder is on {got}"
    return True


@verifier.checkpoint(weight=2, rationale="the title carries the desk's order number")
def order_number_in_title() -> bool:
    return EXPECTED_ORDER in reminder()["title"]


@verifier.checkpoint(weight=1, rationale="it is an all-day reminder, one day long")
def all_day() -> bool:
    event = reminder()
    return bool(event["all_day"]) and event["start_date"] == event["end_date"]


@verifier.checkpoint(weight=1, rationale="exactly one reminder; shop orders and mail untouched")
def nothing_else_changed() -> bool:
    problems = diff_service("calendar").unexpected(
        {"events": ["added"], "event_reminders": ["added"]}
    )
    problems += diff_service("shop").unexpected(["cart_items"])
    problems += diff_service("email").unexpected({"messages": ["changed"]})
    for change in diff_service("email").changed("messages"):
        if set(change.fields) - {"is_read"}:
            problems.append(f"mail {change.key[0]}: {sorted(change.fields)} changed")
    if len(new_events()) != 1:
        problems.append(f"{len(new_events())} new events")
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
