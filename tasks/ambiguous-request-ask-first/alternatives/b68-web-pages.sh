#!/bin/bash
# alternative (web pages, Playwright): only the mail and calendar pages: opens Maria's mail, answers it with Reply asking which room she means, reloads the inbox until her answer comes, reads the room and times from it, and creates Thursday's event on the calendar's New event form with her as the guest.
set -euo pipefail
python3 - <<'PY'
import re
import time
from datetime import date, timedelta

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

MAIL, CAL = 5001, 5006
with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, local_url(MAIL), "alice", "alice-pass")
    page.goto(local_url(MAIL, "/"))
    page.get_by_role("link", name="Northwind vendor review on Thursday").first.click()
    request = main_text(page)
    print("request:", request[:300].replace("\n", " | "))
    page.get_by_role("link", name="Reply", exact=True).click()
    page.get_by_label("Message").fill(
        "Hi Maria,\n\nGlad to set it up. By the usual room, do you mean Aurora on the 3rd floor or "
        "Borealis on the 5th floor? We used Aurora for the review in February and Borealis for the "
        "last one.\n\nAlice")
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    answer = ""
    for _ in range(30):
        page.goto(local_url(MAIL, "/?q=from%3Amaria%40example.test"))
        links = page.locator("main a", has_text=re.compile(r"^Re: Northwind"))
        if links.count():
            links.first.click()
            answer = main_text(page)
            break
        time.sleep(1)
    if not answer:
        raise SystemExit("no answer from Maria")
    print("answer:", answer[:600].replace("\n", " | "))
    said = answer[answer.find("The "):] if "The " in answer else answer
    room = "Aurora room (3rd floor)" if re.search(r"Aurora room", said) and "not Aurora" not in said else "Borealis room (5th floor)"
    times = re.search(r"(\d{1,2}:\d\d) to (\d{1,2}:\d\d)", said)
    start, end = times.groups() if times else ("10:00", "11:00")
    log_in(page, local_url(CAL), "alice", "alice-pass")
    page.goto(local_url(CAL, "/"))
    today = date.fromisoformat(re.search(r"/events/new\?date=(\d{4}-\d\d-\d\d)", page.content()).group(1))
    thursday = today + timedelta(days=(3 - today.weekday()) % 7)
    print("today", today, "thursday", thursday, room, start, end)
    page.goto(local_url(CAL, f"/events/new?date={thursday}"))
    page.get_by_label("Title", exact=True).fill("Northwind vendor review")
    page.get_by_label("Date", exact=True).fill(thursday.isoformat())
    page.get_by_label("Start", exact=True).fill(f"{int(start.split(':')[0]):02d}:{start.split(':')[1]}")
    page.get_by_label("End", exact=True).fill(f"{int(end.split(':')[0]):02d}:{end.split(':')[1]}")
    page.get_by_label("Time zone").select_option(label="America/New_York")
    page.get_by_label("Location").fill(room)
    page.get_by_label("Guests (usernames or emails, comma separated)").fill("maria@example.test")
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    print("created:", main_text(page)[:400].replace("\n", " | "))
PY
