#!/bin/bash
# why right: the whole task in Chromium through the web UIs only: Tom's mails are answered with "Reply all" (his thread, him alone), his answers read from the conversation page, the call created with the New event form; when he changes his mind the Thursday event is cancelled for everyone with its dialog and a new one created on Friday 11:00, confirmed to him in other words than the reference.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.browser import browser_page, log_in

MAIL, CAL = "http://127.0.0.1:5001", "http://127.0.0.1:5006"
TOM = "tom@example.test"
WHEN = re.compile(r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day (\d{1,2}) ([A-Z][a-z]+) at (\d{1,2}:\d\d)")


def open_toms_newest(page) -> str:
    """Open Tom's newest mail (a search of the inbox for his address); the text of its page."""
    page.goto(f"{MAIL}/?folder=inbox&q=from:{TOM}")
    page.locator("main a[href^='/messages/']").first.click()
    page.wait_for_load_state()
    return page.locator("main").inner_text()


def conversation(page) -> str:
    """The open mail's whole conversation, as its page shows it."""
    page.locator("main a[href^='/threads/']").first.click()
    page.wait_for_load_state()
    return page.locator("main").inner_text()


def answer_all(page, text: str) -> None:
    """Answer the open mail with its "Reply all" form."""
    page.get_by_role("link", name="Reply all", exact=True).click()
    page.wait_for_load_state()
    page.get_by_label("Message", exact=True).fill(text)
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "Message sent" in page.locator("body").inner_text(), page.url


def last_time(text: str, year: str) -> datetime | None:
    """The last day and time named in a conversation (Tom's latest word)."""
    found = WHEN.findall(text)
    if not found:
        return None
    day, month, clock = found[-1]
    return datetime.strptime(f"{day} {month} {year} {clock}", "%d %B %Y %H:%M")


def create(page, when: datetime) -> str:
    page.goto(f"{CAL}/events/new?date={when:%Y-%m-%d}")
    page.get_by_label("Title", exact=True).fill("Q2 budget review")
    page.get_by_label("Date", exact=True).fill(f"{when:%Y-%m-%d}")
    page.get_by_label("Start", exact=True).fill(f"{when:%H:%M}")
    page.get_by_label("End", exact=True).fill(f"{when + timedelta(minutes=30):%H:%M}")
    page.get_by_label("Time zone").select_option("America/New_York")
    page.get_by_label("Guests (usernames or emails, comma separated)").fill("tom")
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert re.search(r"/events/\d+$", page.url), f"not created: {page.url}"
    return page.url


def cancel(page, url: str) -> None:
    page.goto(url)
    page.get_by_role("button", name="Cancel event for everyone…").click()
    page.get_by_role("button", name="Yes, cancel event for everyone").click()
    page.wait_for_load_state()


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, CAL, "alice", "alice-pass")
    year = page.locator("#today").get_attribute("datetime")[:4]
    open_toms_newest(page)
    answer_all(page, "Hi Tom,\n\nGood idea. When are you available this week? I'll set up 30 minutes.\n\nAlice")
    open_toms_newest(page)
    when = last_time(conversation(page), year)
    assert when, "Tom named no time"
    url = create(page, when)
    open_toms_newest(page)
    answer_all(page, f"Hi Tom,\n\nIt's in the calendar: Q2 budget review, {when:%A} {when.day} {when:%B} "
               f"at {when:%H:%M}, half an hour. Invitation sent.\n\nAlice")
    while True:
        open_toms_newest(page)
        new = last_time(conversation(page), year)
        if not new or new == when:
            break
        cancel(page, url)
        url = create(page, new)
        open_toms_newest(page)
        answer_all(page, f"Hi Tom,\n\nSure, no problem. The {when:%A} one is cancelled and the Q2 budget "
                   f"review is now booked for {new:%A} {new.day} {new:%B} at {new:%H:%M}, "
                   "half an hour; you'll find the new invitation in your calendar.\n\nAlice")
        when = new
    print("booked", url, when)
PY
