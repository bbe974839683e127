#!/usr/bin/env bash
# Through the web pages only: Klaus's two mails (the inbox rows named after him, the newest
# last read), the Work list's "Send partner deck to Klaus" task moved by its Edit form to
# Wednesday 4 March 11:00 New York (17:00 in Berlin), and the agreement added to Work, due
# Friday 6 March, with the "Add a task" form.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime
from zoneinfo import ZoneInfo

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

E, T = url(5001), url(5002)
with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, E, "alice", "alice-pass")
    page.goto(E + "/?folder=inbox")
    rows = page.get_by_role("link", name=re.compile(r"Partner deck"))
    hrefs = list(dict.fromkeys(r.get_attribute("href") for r in rows.all()))
    mails = []
    for href in hrefs:
        page.goto(E + href)
        mails.append(main_text(page))
    latest = next(m for m in mails if "new dates" in m)
    print(latest[latest.find("Re: Partner deck") :][:900])
    deck = re.search(r"deck by \w+day (\d+) (\w+), (\d\d):(\d\d) our time \(we are in (\w+)\)", latest)
    dpa = re.search(r"signed data processing agreement back from you by \w+day (\d+) (\w+)", latest)
    berlin = datetime(2026, 3, int(deck[1]), int(deck[3]), int(deck[4]), tzinfo=ZoneInfo("Europe/Berlin"))
    mine = berlin.astimezone(ZoneInfo("America/New_York"))
    print("deck due", berlin, "=", mine)

    log_in(page, T, "alice", "alice-pass")
    page.goto(T + "/")
    page.get_by_role("link", name="Work", exact=True).first.click()
    page.wait_for_load_state()
    page.get_by_role("link", name=re.compile(r"partner deck to Klaus")).first.click()
    page.wait_for_load_state()
    page.get_by_label("Due date").fill(mine.strftime("%Y-%m-%d"))
    page.get_by_label("Due time").fill(mine.strftime("%H:%M"))
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_load_state()
    print(main_text(page)[:300])

    page.goto(T + "/")
    page.get_by_role("link", name="Work", exact=True).first.click()
    page.wait_for_load_state()
    form = page.locator("form").filter(has=page.get_by_role("button", name="Add task"))
    form.get_by_label("Title").fill("Send Klaus the signed data processing agreement")
    form.get_by_label("Due date").fill(f"2026-03-{int(dpa[1]):02d}")
    form.get_by_label("List").select_option(label="Work")
    form.get_by_role("button", name="Add task").click()
    page.wait_for_load_state()
    print(main_text(page)[:300])
PY
