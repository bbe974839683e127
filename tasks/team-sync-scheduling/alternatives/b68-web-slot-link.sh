#!/bin/bash
# alternative (web pages only): asks Find a time for alice, bob and carol tomorrow, follows the first slot's "New event at this time" link (the form comes filled with the day, start, zone and guests), names it Team sync, sets the end 45 minutes after the start, and creates it, waiting out the calendar's outages as its pages ask.
set -euo pipefail
python3 - <<'PY'
import datetime
import re
import time

from mock_services.browser import chromium, local_url, log_in, main_text, outage_wait, page_in, past_outages

with chromium() as browser:
    pg = page_in(browser, "Europe/Paris")
    log_in(pg, local_url(5006), "alice", "alice-pass")
    pg.goto(local_url(5006, "/"))
    past_outages(pg)
    today = re.search(r"/events/new\?date=(\d{4}-\d\d-\d\d)", pg.content())[1]
    tomorrow = (datetime.date.fromisoformat(today) + datetime.timedelta(days=1)).isoformat()
    pg.get_by_role("link", name="Find a time").first.click()
    pg.get_by_label("People (usernames or emails, comma separated)").fill("alice, bob, carol")
    pg.get_by_label("From", exact=True).fill(tomorrow)
    pg.get_by_label("Days (1 to 31)").fill("1")
    pg.get_by_label("Meeting length (minutes)").fill("45")
    pg.get_by_role("button", name="Find a time").click()
    pg.wait_for_load_state()
    past_outages(pg)
    slot = pg.get_by_role("link", name=re.compile(r"^New event on .*\(free \d\d:\d\d–\d\d:\d\d\)")).first
    print("slot:", slot.inner_text(), slot.get_attribute("aria-label"))
    slot.click()
    pg.wait_for_load_state()
    pg.get_by_label("Title", exact=True).fill("Team sync")
    start = pg.get_by_label("Start", exact=True).input_value()
    end = (datetime.datetime.strptime(start, "%H:%M") + datetime.timedelta(minutes=45)).strftime("%H:%M")
    pg.get_by_label("End", exact=True).fill(end)
    guests = pg.get_by_label("Guests (usernames or emails, comma separated)")
    print("form:", pg.get_by_label("Date", exact=True).input_value(), start, end,
          pg.get_by_label("Time zone").input_value(), repr(guests.input_value()))
    if not {"bob", "carol"} <= {g.strip() for g in guests.input_value().split(",")}:
        guests.fill("bob, carol")
    for _ in range(10):
        pg.get_by_role("button", name="Create event").click()
        pg.wait_for_load_state()
        wait = outage_wait(pg)
        if wait is None:
            break
        print("calendar unavailable, waiting", wait, "s")
        time.sleep(wait)
    print(pg.url, main_text(pg)[:300].replace("\n", " | "))
PY
