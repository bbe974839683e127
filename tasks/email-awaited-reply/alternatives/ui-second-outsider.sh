#!/usr/bin/env bash
# Through the webmail's and the calendar's pages only: ask Dana by mail (Compose), watch the
# inbox until her answer comes, keep watching a little for a later word from her, read every
# mail of hers on its own page (the newest wins), then book the call from "New event".
set -euo pipefail
python3 - <<'PY'
import os
import re
import time

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

MAIL = int(os.environ.get("MAIL_PORT", "5001"))
CAL = int(os.environ.get("CAL_PORT", "5006"))
DANA = "dana.whitfield@northwind.example"


def dana_rows(page):
    page.goto(local_url(MAIL, "/?folder=inbox"))
    found = []
    for row in page.locator("main").get_by_role("row").all():
        text = row.inner_text()
        if "Dana" in text or "Northwind" in text:
            link = row.get_by_role("link").first
            found.append((text, link.get_attribute("href")))
    return found


with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, local_url(MAIL), "alice", "alice-pass")
    page.goto(local_url(MAIL, "/compose"))
    page.get_by_role("textbox", name=re.compile("^To")).fill(DANA)
    page.get_by_role("textbox", name="Subject").fill("Contract renewal: a 30-minute call this Thursday?")
    page.get_by_role("textbox", name="Message").fill(
        "Hi Dana,\n\nI'd like to set up a 30-minute call about Northwind's contract renewal this "
        "Thursday, March 12. What time on Thursday suits you?\n\nBest regards,\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    print(main_text(page)[:120])
    rows, first_seen = [], None
    deadline = time.time() + 240
    while time.time() < deadline:
        rows = dana_rows(page)
        if rows and first_seen is None:
            first_seen = time.time()
        if first_seen is not None and time.time() - first_seen > 45:
            break
        time.sleep(3)
    print("mails from Dana:", [r[0][:160] for r in rows])
    assert rows, "Dana never answered"
    bodies = []
    for text, href in rows:
        page.goto(local_url(MAIL, href))
        body = main_text(page)
        print("-----", href, "\n", body[:1500])
        bodies.append(body)
    # The newest message is first in the inbox; read the time it asks for (above any quote).
    chosen = None
    for body in bodies:  # newest first
        m = re.findall(r"\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\b", body.split("wrote:")[0], re.I)
        if m:
            h, mnt, ap = m[-1]
            hour = int(h) % 12 + (12 if ap.lower() == "p" else 0)
            chosen = (hour, int(mnt or 0))
            break
    assert chosen, "no time found"
    start = f"{chosen[0]:02d}:{chosen[1]:02d}"
    end_min = chosen[0] * 60 + chosen[1] + 30
    end = f"{end_min // 60:02d}:{end_min % 60:02d}"
    print("booking", start, end)
    log_in(page, local_url(CAL), "alice", "alice-pass")
    page.goto(local_url(CAL, "/events/new?date=2026-03-12"))
    page.get_by_role("textbox", name="Title").fill("Northwind renewal call")
    page.get_by_role("textbox", name="Date").fill("2026-03-12")
    page.get_by_role("textbox", name="Start").fill(start)
    page.get_by_role("textbox", name="End").fill(end)
    page.get_by_role("combobox", name="Time zone").select_option("America/New_York")
    page.get_by_role("textbox", name=re.compile("^Guests")).fill(DANA)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    print(page.url, main_text(page)[:800])
PY
