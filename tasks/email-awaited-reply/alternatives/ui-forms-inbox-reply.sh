#!/bin/bash
# alternative (web forms, another path): in Chromium, the compose form for the question, then the
# inbox page (no search) reloaded until Dana's mail shows, each of her mails opened from its row
# until no new one arrives, the call created with the calendar's New event form, and a
# confirmation sent with the Reply form of her newest mail.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.browser import browser_page, log_in

MAIL, CALENDAR = "http://127.0.0.1:5001", "http://127.0.0.1:5006"
DANA = "dana.whitfield@northwind.example"
TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*([ap])\.?m", re.I)


def rows_of_dana(page):
    page.goto(f"{MAIL}/")
    links = page.locator("main a[href^='/messages/']")
    found = []
    for i in range(links.count()):
        link = links.nth(i)
        row = link.locator("xpath=ancestor::*[self::tr or self::li][1]")
        text = row.inner_text() if row.count() else link.inner_text()
        href = link.get_attribute("href")
        if "Dana" in text and re.fullmatch(r"/messages/\d+", href) and href not in found:
            found.append(href)
    return sorted(found, key=lambda h: int(h.rsplit("/", 1)[1]))


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, CALENDAR, "alice", "alice-pass")
    page.goto(f"{MAIL}/compose")
    page.get_by_label("To").fill(DANA)
    page.get_by_label("Subject").fill("Renewal call this Thursday?")
    page.get_by_label("Message").fill(
        "Dear Dana,\n\nWould you have half an hour on Thursday, March 12, for a call about the "
        "renewal? Let me know which time is convenient for you.\n\nKind regards,\nAlice")
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    for _ in range(30):
        if rows_of_dana(page):
            break
        time.sleep(1)
    seen, said = None, {}
    while (hers := rows_of_dana(page)) != seen:
        seen = hers
        for href in hers:
            page.goto(f"{MAIL}{href}")
            times = TIME.findall(page.locator("main").inner_text())
            if times:
                said[int(href.rsplit("/", 1)[1])] = times[-1]
    newest = max(said)
    hour, minute, half = said[newest]
    hour, minute = int(hour) % 12 + (12 if half.lower() == "p" else 0), int(minute)
    end = hour * 60 + minute + 30
    page.goto(f"{CALENDAR}/events/new")
    page.get_by_label("Title").fill("Northwind renewal call")
    page.get_by_label("Date", exact=True).fill("2026-03-12")
    page.get_by_label("Start", exact=True).fill(f"{hour:02d}:{minute:02d}")
    page.get_by_label("End", exact=True).fill(f"{end // 60:02d}:{end % 60:02d}")
    page.get_by_label("Time zone").select_option("America/New_York")
    page.get_by_label("Guests").fill(DANA)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert re.search(r"/events/\d+$", page.url), page.locator("main").inner_text()
    page.goto(f"{MAIL}/messages/{newest}")
    page.locator("#reply").click()
    page.wait_for_load_state()
    page.get_by_label("Message", exact=True).fill(
        f"Hi Dana,\n\nThursday at {hour - 12}:{minute:02d} pm Eastern works. You'll have the "
        "invitation in a moment.\n\nAlice")
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    print("booked", hour, minute)
PY
