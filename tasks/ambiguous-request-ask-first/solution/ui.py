"""The task through the web UIs only (``invoke oracle --ui``): read Maria's request in the
webmail, find the past vendor reviews with the calendar's search (two rooms), ask her which one
with the Reply form, read her answer in the inbox, then book the review with the calendar's New
event form in the room she named, with her as guest."""

import re
from datetime import date, timedelta

from mock_services.browser import browser_page, log_in

MAIL, CAL = "http://127.0.0.1:5001", "http://127.0.0.1:5006"
MARIA = "maria@example.test"


def newest_from_maria(page) -> str:
    """The newest mail in the inbox from Maria, opened: its text."""
    page.goto(f"{MAIL}/?folder=inbox")
    page.locator("main a[href^='/messages/']", has_text="Maria").first.click()
    page.wait_for_load_state()
    return page.locator("#message").inner_text()


def past_review_rooms(page, today: date) -> set[str]:
    """The places of the vendor reviews of the last 60 days, from the calendar's search."""
    page.goto(f"{CAL}/search")
    page.get_by_label("Words in the title, description or location").fill("vendor review")
    page.get_by_label("From").fill((today - timedelta(days=60)).isoformat())
    page.get_by_label("Days").fill("60")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()
    return set(page.locator("#found-events tr.found-event td:nth-child(4)").all_inner_texts())


def ask_maria(page, rooms: set[str]) -> None:
    """Answer Maria's request with the Reply form: which of the rooms she means."""
    page.get_by_role("link", name="Reply", exact=True).click()
    page.wait_for_load_state()
    page.get_by_label("Message", exact=True).fill(
        "Hi Maria,\n\nHappy to book it. Which room do you mean by the usual one: "
        f"{' or '.join(sorted(rooms))}? We have used both for the review lately.\n\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "Message sent" in page.locator("body").inner_text(), page.url


def book(page, day: date, start: str, end: str, place: str) -> None:
    page.goto(f"{CAL}/events/new")
    page.get_by_label("Title", exact=True).fill("Northwind vendor review")
    page.get_by_label("Date", exact=True).fill(day.isoformat())
    page.get_by_label("Start", exact=True).fill(start)
    page.get_by_label("End", exact=True).fill(end)
    page.get_by_label("Time zone").select_option("America/New_York")
    page.get_by_label("Location", exact=True).fill(place)
    page.get_by_label("Guests (usernames or emails, comma separated)").fill(MARIA)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert re.search(r"/events/\d+$", page.url), f"the review was not created: {page.url}"


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, CAL, "alice", "alice-pass")
    request = newest_from_maria(page)
    start, end = re.search(r"Thursday, (\d\d:\d\d) to (\d\d:\d\d)", request).groups()
    today = date.fromisoformat(page.locator("#today").get_attribute("datetime")[:10])
    rooms = past_review_rooms(page, today)
    assert len(rooms) == 2, f"past review rooms: {rooms}"
    newest_from_maria(page)  # her request again, to answer it
    ask_maria(page, rooms)
    answer = newest_from_maria(page)
    chosen = re.search(r"(\w+) room on the \w+ floor, please", answer)[1]  # her answer's first line
    named = [room for room in rooms if room.split()[0] == chosen]
    moved = re.search(r"make it (\d\d:\d\d) to (\d\d:\d\d)", answer)  # a new time, if she gives one
    start, end = moved.groups() if moved else (start, end)
    assert len(named) == 1, f"Maria's answer names {named}: {answer}"
    thursday = today + timedelta(days=(3 - today.weekday()) % 7)
    book(page, thursday, start, end, named[0])
    print("asked Maria, booked", thursday, start, "in", named[0])
