#!/usr/bin/env bash
# Through the web pages only: ask Dana by mail, wait in the inbox for her answer, read it, look
# again for a later word from her (a change of mind), then create the call at the time her
# latest mail asks for, with her as the guest.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

MAIL, CAL = local_url(5001), local_url(5006)
DANA = "dana.whitfield@northwind.example"


def dana_rows(page):
    page.goto(f"{MAIL}/?folder=inbox")
    return page.get_by_role("row", name=re.compile("Dana Whitfield")).all()


with chromium() as browser:
    mail = page_in(browser, "America/New_York")
    log_in(mail, MAIL, "alice", "alice-pass")
    mail.goto(f"{MAIL}/compose")
    mail.get_by_label("To (comma separated)").fill(DANA)
    mail.get_by_label("Subject").fill("Call on Thursday")
    mail.get_by_label("Message").fill(
        "Hi Dana,\n\nI'd like to set up a 30-minute call about your contract renewal this "
        "Thursday (March 12). What time on Thursday suits you? I'll send you an invitation "
        "for it.\n\nBest regards,\nAlice"
    )
    mail.get_by_role("button", name="Send").click()
    mail.wait_for_load_state()
    print(main_text(mail)[:200])

    for _ in range(60):
        if dana_rows(mail):
            break
        time.sleep(2)
    seen = 0
    answer = ""
    # read her mails, newest first; after reading, wait a little for a follow-up
    for _ in range(5):
        rows = dana_rows(mail)
        if len(rows) == seen:
            time.sleep(3)
            continue
        seen = len(rows)
        rows[0].get_by_role("link").first.click()
        answer = main_text(mail)
        print("----\n", answer[:1200])
        time.sleep(3)
    # the time she asks for: in a correction, the one she asks for "instead"
    ask = re.search(r"make it (\d{1,2})(?::(\d\d))?\s*(am|pm)", answer, re.I) or re.search(
        r"(\d{1,2})(?::(\d\d))?\s*(am|pm)[^.]*works for me", answer, re.I)
    hour, minute, half = ask.groups()
    h = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    start = f"{h:02d}:{int(minute or 0):02d}"
    end = f"{h + (int(minute or 0) + 30) // 60:02d}:{(int(minute or 0) + 30) % 60:02d}"
    print("book", start, end)

    cal = page_in(browser, "America/New_York")
    log_in(cal, CAL, "alice", "alice-pass")
    cal.get_by_role("link", name="Create event").click()
    cal.get_by_label("Title", exact=True).fill("Northwind renewal call")
    cal.get_by_label("Date", exact=True).fill("2026-03-12")
    cal.get_by_label("Start", exact=True).fill(start)
    cal.get_by_label("End", exact=True).fill(end)
    cal.get_by_label("Time zone").select_option("America/New_York")
    cal.get_by_label("Guests (usernames or emails, comma separated)").fill(DANA)
    cal.get_by_role("button", name="Create event").click()
    cal.wait_for_load_state()
    print(main_text(cal)[:600])
PY
