#!/bin/bash
# alternative (web UI, blind, 2026-12-05): in Chromium, the shipped desk order from the shop's
# order list, its shipping mail opened in the webmail for the estimated delivery day, that mail
# marked unread again ("Mark as unread") so the mailbox is left as it was found, and the all-day
# event made with the calendar's New event form.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import browser_page, log_in

SHOP, MAIL, CAL = "http://127.0.0.1:1234", "http://127.0.0.1:5001", "http://127.0.0.1:5006"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]

with browser_page() as page:
    log_in(page, SHOP, "alice", "alice-pass")
    page.goto(f"{SHOP}/orders")
    item = page.get_by_role("listitem").filter(has_text="Standing Desk").filter(has_text="Shipped").first
    order = re.search(r"ORD-\d+", item.inner_text()).group(0)
    log_in(page, MAIL, "alice", "alice-pass")
    page.goto(f"{MAIL}/")
    page.get_by_role("link", name=re.compile(order + " has shipped")).first.click()
    said = page.locator("main").inner_text()
    found = re.search(r"Estimated delivery: \w+ (\d+) (\w+)", said)
    assert found, f"no estimated delivery in the shipping mail of {order}"
    day = "2026-%02d-%02d" % (MONTHS.index(found.group(2)) + 1, int(found.group(1)))
    page.get_by_role("button", name="Mark as unread").click()
    page.wait_for_load_state()
    log_in(page, CAL, "alice", "alice-pass")
    page.goto(f"{CAL}/events/new?date={day}")
    page.get_by_label("Title", exact=True).fill(f"Work from home: standing desk delivery ({order})")
    page.get_by_label("Date", exact=True).fill(day)
    page.get_by_label("All day", exact=True).check()
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert re.search(r"/events/\d+$", page.url), f"the event was not created: {page.url}"
PY
