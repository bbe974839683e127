"""The task through the web UIs only (``invoke oracle --ui``): answer Tom's mail with the Reply
form asking what time suits him, book the call at his answer with the calendar's New event form,
confirm it with Reply, and read his replies until he names no new time: each new time moves the
call with its Edit event form and is confirmed again."""

import re
from datetime import datetime, timedelta

from mock_services.browser import browser_page, log_in

MAIL, CAL = "http://127.0.0.1:5001", "http://127.0.0.1:5006"
TOM = "tom@example.test"


def newest_from_tom(page) -> str:
    """Open the newest mail in the inbox from Tom; its text."""
    page.goto(f"{MAIL}/?folder=inbox")
    page.locator("main a[href^='/messages/']", has_text="Tom").first.click()
    page.wait_for_load_state()
    return page.locator("#message").inner_text()


def reply(page, text: str) -> None:
    """Answer the open mail with the Reply form."""
    page.get_by_role("link", name="Reply", exact=True).click()
    page.wait_for_load_state()
    page.get_by_label("Message", exact=True).fill(text)
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "Message sent" in page.locator("body").inner_text(), page.url


def time_named(text: str, year: str) -> datetime | None:
    """The day and time a mail of Tom's proposes ("Friday 13 March at 11:00"), if any."""
    found = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text)
    if not found:
        return None
    return datetime.strptime(f"{found[1]} {found[2]} {year} {found[3]}", "%d %B %Y %H:%M")


def book(page, when: datetime) -> str:
    page.goto(f"{CAL}/events/new")
    page.get_by_label("Title", exact=True).fill("Q2 budget review")
    page.get_by_label("Date", exact=True).fill(f"{when:%Y-%m-%d}")
    page.get_by_label("Start", exact=True).fill(f"{when:%H:%M}")
    page.get_by_label("End", exact=True).fill(f"{when + timedelta(minutes=30):%H:%M}")
    page.get_by_label("Time zone").select_option("America/New_York")
    page.get_by_label("Guests (usernames or emails, comma separated)").fill(TOM)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert re.search(r"/events/\d+$", page.url), f"the call was not created: {page.url}"
    return page.url


def move(page, url: str, when: datetime) -> None:
    page.goto(url)
    page.get_by_text("Edit event").click()
    form = page.locator("#edit-event")
    form.get_by_label("Date", exact=True).fill(f"{when:%Y-%m-%d}")
    form.get_by_label("Start", exact=True).fill(f"{when:%H:%M}")
    form.get_by_label("End", exact=True).fill(f"{when + timedelta(minutes=30):%H:%M}")
    form.get_by_role("button", name="Save event").click()
    page.wait_for_load_state()
    assert "Saved " in page.locator("main").inner_text(), page.url


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, CAL, "alice", "alice-pass")
    year = page.locator("#today").get_attribute("datetime")[:4]
    newest_from_tom(page)
    reply(page, "Hi Tom,\n\nSure. What time suits you this week for a 30-minute call?\n\nAlice")
    when = time_named(newest_from_tom(page), year)
    assert when, "Tom named no time"
    url = None
    while when:
        if url:
            move(page, url, when)
        else:
            url = book(page, when)
        newest_from_tom(page)
        reply(
            page,
            f"Hi Tom,\n\nDone: the Q2 budget review is in the calendar for {when:%A} "
            f"{when.day} {when:%B} at {when:%H:%M}, 30 minutes.\n\nAlice",
        )
        following = time_named(newest_from_tom(page), year)
        when = following if following and following != when else None
    print("booked", url)
