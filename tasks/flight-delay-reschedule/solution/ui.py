"""The task through the webmail's and the calendar's web UIs only (``invoke oracle --ui``): read
the delay notice, find the meeting with guests the late landing breaks on the week page, move it
with its Edit event form to two hours after the new landing, and mail its guests from compose."""

import re
from datetime import datetime, timedelta

from mock_services.browser import browser_page, log_in

MAIL = "http://127.0.0.1:5001"
CALENDAR = "http://127.0.0.1:5006"
DASH = "\u2013"  # between the start and end the calendar shows


def delay_notice(page):
    """Search the mail for "delayed" and open the notice about tomorrow's flight: its flight
    number, scheduled and new landing times (London)."""
    page.goto(f"{MAIL}/")
    page.get_by_label("Search mail").fill("delayed")
    page.get_by_label("Search mail").press("Enter")
    page.wait_for_load_state()
    page.get_by_role("link", name=re.compile(r"tomorrow is delayed")).first.click()
    body = page.locator("main").inner_text()
    flight = re.search(r"your flight (\w+) from", body)[1]
    old = re.search(r"Scheduled arrival: (\d\d:\d\d) London time", body)[1]
    new = re.search(r"New estimated arrival: (\d\d:\d\d) London time", body)[1]
    return flight, old, new


def flight_day(page, flight):
    """The day card of the week page (this week or the next) holding the flight's event."""
    page.goto(f"{CALENDAR}/")
    page.get_by_role("link", name="Schedule view").click()  # the week as a list
    for _ in range(2):
        card = page.locator(".card.day", has=page.get_by_role("link", name=f"Flight {flight}"))
        if card.count():
            return card
        page.get_by_role("link", name="Next week").click()
    raise AssertionError(f"no calendar event for flight {flight} this week or next")


def broken_meeting(page, card, old, new_start):
    """The event of that day with guests starting between the old landing and the new start:
    its title, start and end (HH:MM), the guests' addresses and its page's address."""
    day = card.get_attribute("data-date")
    for row in card.locator("tr.event").all():
        start, end = row.locator("td").first.inner_text().strip().split(DASH)
        when = datetime.fromisoformat(f"{day}T{start}")
        if not datetime.fromisoformat(f"{day}T{old}") <= when < new_start:
            continue
        link = row.get_by_role("link")
        title, href = link.inner_text().strip(), link.get_attribute("href")
        page.goto(f"{CALENDAR}{href}")
        guests = page.locator("#guests tr td:nth-child(2)").all_inner_texts()
        if guests:
            return title, start, end, guests, page.url
        page.go_back()
    raise AssertionError(f"no meeting with guests on {day} between {old} and {new_start:%H:%M}")


def move(page, url, start, end, new_start):
    """The Edit event form: new start, and the end that keeps the length."""
    length = datetime.strptime(end, "%H:%M") - datetime.strptime(start, "%H:%M")
    new_end = new_start + length
    page.goto(url)
    page.get_by_text("Edit event").click()
    page.get_by_label("Start", exact=True).fill(f"{new_start:%H:%M}")
    page.get_by_label("End", exact=True).fill(f"{new_end:%H:%M}")
    page.get_by_role("button", name="Save event").click()
    page.wait_for_load_state()
    said = page.locator("main").inner_text()
    assert "Saved " in said, said
    assert f"{new_start:%H:%M}{DASH}{new_end:%H:%M}" in said, said


def mail_guests(page, guests, title, new_start):
    page.goto(f"{MAIL}/compose")
    page.get_by_label("To").fill(", ".join(guests))
    page.get_by_label("Subject").fill(f"Moved: {title} now at {new_start:%H:%M}")
    page.get_by_label("Message").fill(
        f"Hello,\n\nMy flight is delayed, so {title} moves to {new_start:%A %d %B} "
        f"at {new_start:%H:%M} (London time), same place and length.\n\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "Message sent" in page.locator("body").inner_text(), page.url


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, CALENDAR, "alice", "alice-pass")
    flight, old, new = delay_notice(page)
    assert (flight, old, new) == ("LC214", "11:40", "13:40"), (flight, old, new)
    card = flight_day(page, flight)
    new_start = datetime.fromisoformat(f"{card.get_attribute('data-date')}T{new}")
    new_start += timedelta(hours=2)
    title, start, end, guests, url = broken_meeting(page, card, old, new_start)
    assert title == "Northwind workshop" and len(guests) == 2, (title, guests)
    move(page, url, start, end, new_start)
    mail_guests(page, guests, title, new_start)
    print("moved", title, "to", f"{new_start:%a %H:%M}", "; mailed", ", ".join(guests))
