"""The task through the web UIs only (``invoke oracle --ui``): read the conversations with the
people Alice follows, add each plan still on with the calendar's New event form (waiting out its
busy pages), then tell each friend in the conversation's send form."""

import re
import time
from datetime import datetime, timedelta

from mock_services.browser import browser_page, log_in

SOCIAL, CAL = "http://127.0.0.1:5008", "http://127.0.0.1:5006"
# The judgement a reader makes of the conversations: each friend's plan still on (title, place,
# then the day and time that the friend's latest message gives); Dave called his ride off.
PLANS = {
    "bob": ("Jazz night", "Blue Note", "March 6", "20:00"),
    "carol": ("Birthday brunch with Carol", "Café Lumière", "March 8", "11:30"),
    "erin": ("Book club", "Erin's place, 14 Elm Street", "March 12", "19:00"),
}
CALLED_OFF = {"dave": "cancel"}


def friends(page) -> set[str]:
    """The usernames of the people Alice follows, from her Following page."""
    page.goto(f"{SOCIAL}/u/alice/following")
    # the pager shows only when the list runs over a page: all of them are on this one
    assert not page.get_by_role("navigation", name="Pages of people").count()
    people = page.locator("#people li").all_inner_texts()
    return {re.search(r"@(\w+)$", person.strip()).group(1) for person in people}


def conversation(page, user: str) -> list[str]:
    """The messages ``user`` sent in the conversation with them, oldest first, as the page
    shows them (theirs, not Alice's own)."""
    page.goto(f"{SOCIAL}/messages")
    page.get_by_role("link", name=f"@{user}").click()
    page.wait_for_load_state()  # the click only waits for the new page to start
    return page.locator("#messages li.theirs").all_inner_texts()


def latest_from(said: list[str], user: str) -> str:
    assert said, f"{user} sent Alice nothing"
    return said[-1]


def start_of(page, day: str, hour: str) -> datetime:
    """The start "March 6" at "20:00", in the year of the date the page's header shows."""
    year = page.locator("#today").get_attribute("datetime")[:4]
    return datetime.strptime(f"{day} {year} {hour}", "%B %d %Y %H:%M")


def event_titles(page) -> list[str]:
    """The titles of the events the calendar's search finds over the coming days."""
    page.goto(f"{CAL}/search")
    page.get_by_label("Days").fill("366")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()
    return page.locator("#found-events tr.found-event td:nth-child(2)").all_inner_texts()


def add_event(page, title: str, place: str, start: datetime) -> None:
    """Submits the New event form until the calendar takes it; before each retry after a busy
    page, looks whether the event was made after all."""
    end = start + timedelta(hours=2)
    for _ in range(10):
        page.goto(f"{CAL}/events/new")
        page.get_by_label("Title", exact=True).fill(title)
        page.get_by_label("Date", exact=True).fill(start.date().isoformat())
        page.get_by_label("Start", exact=True).fill(start.strftime("%H:%M"))
        page.get_by_label("End", exact=True).fill(end.strftime("%H:%M"))
        page.get_by_label("Time zone").select_option("UTC")
        page.get_by_label("Location", exact=True).fill(place)
        page.get_by_role("button", name="Create event").click()
        page.wait_for_load_state()
        error = page.locator("#form-errors")  # the form again, what was typed kept
        if not error.count():
            assert re.search(r"/events/\d+$", page.url), f"{title} not created: {page.url}"
            return
        print("calendar busy:", error.inner_text())
        time.sleep(2)
        if title in event_titles(page):
            return
    raise SystemExit(f"the calendar stayed busy: {title} not created")


def reply(page, friend: str, text: str) -> None:
    page.goto(f"{SOCIAL}/messages")
    page.get_by_role("link", name=f"@{friend}").click()
    page.get_by_label("Message").fill(text)
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert text in page.locator("main").inner_text(), f"the reply to {friend} is not shown"


with browser_page() as page:
    for service in (SOCIAL, CAL):
        log_in(page, service, "alice", "alice-pass")
    followed = friends(page)
    assert followed == set(PLANS) | set(CALLED_OFF), f"Alice follows {followed}"
    for user, word in CALLED_OFF.items():
        assert word in latest_from(conversation(page, user), user).lower(), f"{user}'s plan is on"
    for friend, (title, place, day, hour) in PLANS.items():
        said = conversation(page, friend)
        latest = latest_from(said, friend)
        assert day in latest and hour in latest, f"{friend} last said: {latest}"
        where = place.split(", ")[-1]  # Erin gave her address, then "same place"
        assert any(where in line for line in said), f"{friend} did not name {where}"
        assert title not in event_titles(page), f"{title} is already in the calendar"
        add_event(page, title, place, start_of(page, day, hour))
        reply(page, friend, f"{title} is in my calendar!")
        print("added", title, "and told", friend)
