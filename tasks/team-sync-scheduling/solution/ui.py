"""The task through the calendar's web UI only (``invoke oracle --ui``): ask the Find a time page
for tomorrow's first 45-minute slot free for Alice, Bob and Carol in Alice's working hours, then
create the meeting with the New event form, again after an outage page once its wait is over."""

import re
import time
from datetime import date, timedelta

from mock_services.browser import browser_page, log_in, outage_wait

CALENDAR = "http://127.0.0.1:5006"
DASH = "\u2013"  # between a slot's start and end
# A suggestion: "Tue 3 Mar 13:30 CET - Tue 3 Mar 14:15 CET (13:30 - 14:15 in Europe/Paris) ..."
# (en dashes on the page).
SLOT = re.compile(rf"\((\d\d:\d\d){DASH}(\d\d:\d\d) in ([\w/]+)\)")


def first_free_slot(page):
    """Tomorrow (the header's today + 1) on the Find a time form: the first slot everyone is
    free, as its start, end and zone, its "new event that day" link, and the busy times."""
    page.goto(f"{CALENDAR}/find-a-time")
    today = date.fromisoformat(page.locator("#today").get_attribute("datetime")[:10])
    tomorrow = today + timedelta(days=1)
    page.get_by_label("People").fill("alice, bob, carol")
    page.get_by_label("From").fill(tomorrow.isoformat())
    page.get_by_label("Days").fill("1")
    page.get_by_label("Meeting length (minutes)").fill("45")
    page.get_by_role("button", name="Find a time").click()
    page.wait_for_load_state()
    slots = page.locator("#suggestions li.slot")
    assert slots.count(), page.locator("main").inner_text()
    start, end, zone = SLOT.search(slots.first.inner_text()).groups()
    new_event = slots.first.get_by_role("link", name=re.compile(r"^New event on "))
    busy = page.locator("#busy").inner_text()
    return new_event.get_attribute("href"), tomorrow, start, end, zone, busy


def create_meeting(page, new_event, day, start, end, zone):
    """The New event form the slot links to, filled again after each outage page until it
    saves."""
    for _ in range(10):
        page.goto(f"{CALENDAR}{new_event}")
        page.get_by_label("Title").fill("Team sync")
        page.get_by_label("Date", exact=True).fill(day.isoformat())
        page.get_by_label("Start", exact=True).fill(start)
        page.get_by_label("End", exact=True).fill(end)
        page.get_by_label("Time zone").select_option(zone)
        page.get_by_label("Guests").fill("bob, carol")
        page.get_by_role("button", name="Create event").click()
        page.wait_for_load_state()
        wait = outage_wait(page)
        if wait is None:
            break
        print("the calendar is unavailable; trying again in", wait, "s")
        time.sleep(wait)
    said = page.locator("main").inner_text()
    assert re.search(r"/events/\d+$", page.url), said
    assert "Team sync" in said and f"{start}{DASH}{end}" in said, said
    guests = page.locator("#guests").inner_text()
    assert "bob@example.test" in guests and "carol@example.test" in guests, guests


with browser_page() as page:
    log_in(page, CALENDAR, "alice", "alice-pass")
    new_event, day, start, end, zone, busy = first_free_slot(page)
    print("busy tomorrow:", busy.replace("\n", "; "))
    assert zone == "Europe/Paris", zone
    create_meeting(page, new_event, day, start, end, zone)
    print("booked Team sync on", day, start, "-", end, zone)
