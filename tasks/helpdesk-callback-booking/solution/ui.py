"""The task through the web UIs only (``invoke oracle --ui``): read Tom's latest availability on
his Harbour ticket, find the first free 30 minutes in it in Alice's calendar week view, book the
call there with Tom invited, and reply on the ticket with the time, putting it on hold."""

import re
from datetime import date, datetime, time, timedelta

from mock_services.browser import browser_page, log_in

HELPDESK = "http://127.0.0.1:5100"
CALENDAR = "http://127.0.0.1:5006"
ZONE = "America/New_York"
LENGTH = timedelta(minutes=30)
WINDOW = re.compile(r"(\w+day \d+ \w+) between (\d\d:\d\d) and (\d\d:\d\d)")
SPAN = re.compile(r"(\d\d:\d\d)\u2013(\d\d:\d\d)")  # an en dash between the times


def open_ticket(page) -> str:
    """Open Tom's unsolved ticket about the Harbour room, found with the ticket search; its code."""
    page.goto(HELPDESK)
    page.get_by_label("Search subject and comments").fill("Harbour")
    page.get_by_label("Status").select_option("unsolved")
    page.get_by_role("button", name="Filter tickets").click()
    page.wait_for_load_state()
    row = page.locator("tr", has_text="Tom Becker").filter(has_text="Harbour")
    assert row.count() == 1, "expected one unsolved Harbour ticket of Tom Becker"
    row.get_by_role("link").click()
    page.wait_for_load_state()
    return page.get_by_role("heading", level=1).inner_text().split(":")[0]


def read_ticket(page) -> tuple[str, str, list[tuple[str, str, str]]]:
    """Tom's ticket: its code, his address and the windows (day, from, to) his latest comment
    offers."""
    code = open_ticket(page)
    panel = page.get_by_role("complementary", name="Requester").inner_text()
    requester = re.search(r"Tom Becker\s+(\S+@\S+)", panel)
    latest = page.get_by_role("article", name="Tom Becker, the requester, wrote").last.inner_text()
    windows = WINDOW.findall(latest)
    assert requester and "New York time" in latest and len(windows) == 2, latest
    return code, requester[1], windows


def spoken(on: date) -> str:
    """A day as Tom writes it: "Thursday 12 March"."""
    return f"{on:%A} {on.day} {on:%B}"


def day_card(page, day: str):
    """The calendar's week view card of ``day`` (as Tom writes it), following the Next week
    link from this week."""
    page.goto(CALENDAR)
    page.get_by_role("link", name="Schedule view").click()  # the week as a list
    page.wait_for_load_state()  # the click only starts the navigation
    zone = page.get_by_text(f"Times in {ZONE}")
    zone.first.wait_for(timeout=15_000)  # raises if the calendar is not on New York time
    for _ in range(8):
        for card in page.locator(".day").all():
            if spoken(date.fromisoformat(card.get_attribute("data-date"))) == day:
                return card
        page.get_by_role("link", name="Next week").click()
        page.wait_for_load_state()
    raise AssertionError(f"{day} is not in the calendar's next weeks")


def free_start(page, day: str, opens: str, closes: str) -> datetime | None:
    """The first start in the window at which Alice is free for the call: her events that day
    count as busy unless declined or shown as free (cancelled ones are not listed)."""
    card = day_card(page, day)
    on = date.fromisoformat(card.get_attribute("data-date"))
    busy = []
    for row in card.locator("tr.event").all():
        declined = row.locator(".rsvp", has_text="declined").count()
        if not (declined or row.locator(".free").count()):
            span = SPAN.search(row.inner_text()).groups()
            busy.append(tuple(datetime.combine(on, time.fromisoformat(t)) for t in span))
    start, stop = (datetime.combine(on, time.fromisoformat(t)) for t in (opens, closes))
    for at in sorted({start, *(end for _, end in busy if start < end < stop)}):
        if at + LENGTH <= stop and all(at + LENGTH <= b or at >= e for b, e in busy):
            return at
    return None


def book(page, code: str, guest: str, start: datetime) -> None:
    card = day_card(page, spoken(start))
    card.get_by_role("link", name="Add an event").click()
    page.wait_for_load_state()
    title = f"Call with Tom Becker: Harbour room screen sharing ({code})"
    page.get_by_label("Title").fill(title)
    assert page.get_by_label("Date").input_value() == f"{start:%Y-%m-%d}"
    page.get_by_label("Start").fill(f"{start:%H:%M}")
    page.get_by_label("End", exact=True).fill(f"{start + LENGTH:%H:%M}")
    page.get_by_label("Time zone").select_option(ZONE)
    page.get_by_label("Guests").fill(guest)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert page.get_by_text(f"Event '{title}' created.").count(), "the call was not booked"
    assert not page.get_by_text("Conflict:").count(), "the call clashes with another event"


def reply_on_hold(page, code: str, start: datetime) -> None:
    assert open_ticket(page) == code, "the Harbour ticket is another one now"
    when = f"{spoken(start)} at {start:%H:%M} (New York time)"
    page.get_by_label("Comment", exact=True).fill(
        f"Hi Tom,\n\nI have booked our 30-minute call for {when}. You will get a calendar "
        "invitation by mail; please show me what happens when you share your screen.\n\nAlice"
    )
    page.get_by_label("Public reply").check()
    page.get_by_label("Submit as").select_option("on-hold")
    page.get_by_role("button", name="Send comment").click()
    page.wait_for_load_state()
    assert page.get_by_text("Reply sent.").count(), "the reply was not sent"
    status = page.get_by_label("Status", exact=True).input_value()
    assert status == "on-hold", "the ticket is not on hold"


with browser_page() as page:
    log_in(page, HELPDESK, "alice", "alice-pass")
    log_in(page, CALENDAR, "alice", "alice-pass")
    code, tom, windows = read_ticket(page)
    start = next(s for s in (free_start(page, *w) for w in windows) if s is not None)
    book(page, code, tom, start)
    reply_on_hold(page, code, start)
    print(f"booked {start:%a %Y-%m-%d %H:%M} with {tom}; replied on {code}, now on hold")
