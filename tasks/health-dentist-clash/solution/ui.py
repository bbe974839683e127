"""The task through the web UIs only (``invoke oracle --ui``): read the dental cleaning and the
dentist's hours in the health app, Alice's busy events in the calendar's week view, and move
the appointment with its Reschedule form to the first free half-hour start from its day on."""

import re
from datetime import date, datetime, time, timedelta

from mock_services.browser import browser_page, log_in

HEALTH = "http://127.0.0.1:5007"
CALENDAR = "http://127.0.0.1:5006"
HOURS = re.compile(r"(\d\d:\d\d)-(\d\d:\d\d), Monday to Friday")
SPAN = re.compile(r"(\d\d:\d\d)\u2013(\d\d:\d\d)")  # an en dash between the times


def dentist_appointment(page):
    """The scheduled dental cleaning's code, dentist, start, length and opening hours, read on
    the appointment's page (its Reschedule form shows the start and length)."""
    page.goto(f"{HEALTH}/appointments")
    row = page.locator("#appointments tr", has_text="Dentistry").filter(has_text="scheduled")
    assert row.count() == 1, "expected one scheduled dentist appointment"
    code = row.get_attribute("data-code")
    row.get_by_role("link", name="Reschedule").click()
    page.wait_for_load_state()
    card = page.locator("#appointment").inner_text()
    dentist = re.search(r"With\s+(.+?) · Dentistry", card)
    hours = HOURS.search(card)
    assert dentist and hours, f"the appointment page shows no dentist or hours: {card}"
    start = datetime.fromisoformat(page.get_by_label("New date and time").input_value())
    length = timedelta(minutes=int(page.get_by_label("Duration (minutes)").input_value()))
    opening = (time.fromisoformat(hours[1]), time.fromisoformat(hours[2]))
    return code, dentist[1], (start, start + length), opening


def busy_on(page, day: date, dentist: str, own: tuple[datetime, datetime]):
    """What makes Alice busy on ``day`` in the week view (cancelled events are not listed):
    neither declined nor shown as free, and not the appointment's own invitation."""
    page.goto(f"{CALENDAR}/?week={day.isoformat()}")
    page.get_by_role("link", name="Schedule view").click()  # the week as a list
    page.wait_for_load_state()  # the click only waits for the new page to start
    busy = []
    for row in page.locator(f".day[data-date='{day.isoformat()}'] tr.event").all():
        text = row.inner_text()
        span = tuple(
            datetime.combine(day, time.fromisoformat(t)) for t in SPAN.search(text).groups()
        )
        declined = row.locator(".rsvp", has_text="declined").count()
        shown_free = row.locator(".free").count()
        if not (declined or shown_free or (dentist in text and span == own)):
            busy.append(span)
    return busy


def first_free(page, dentist: str, own: tuple[datetime, datetime], opening: tuple[time, time]):
    """The first start on the hour or half hour, from the appointment's day on, within the
    dentist's weekday hours, at which Alice is free for the appointment's whole length."""
    length = own[1] - own[0]
    for offset in range(7):
        day = own[0].date() + timedelta(days=offset)
        if day.weekday() >= 5:
            continue
        busy = busy_on(page, day, dentist, own)
        at = datetime.combine(day, opening[0])
        at += timedelta(minutes=-at.minute % 30)
        while at + length <= datetime.combine(day, opening[1]):
            if all(at + length <= begins or at >= ends for begins, ends in busy):
                return at
            at += timedelta(minutes=30)
    raise AssertionError("no free slot in the week from the appointment's day")


with browser_page() as page:
    log_in(page, HEALTH, "alice", "alice-pass")
    log_in(page, CALENDAR, "alice", "alice-pass")
    code, dentist, own, opening = dentist_appointment(page)
    slot = first_free(page, dentist, own, opening)
    page.goto(f"{HEALTH}/appointments/{code}")
    page.get_by_label("New date and time").fill(f"{slot:%Y-%m-%dT%H:%M}")
    page.get_by_role("button", name="Reschedule this appointment").click()
    page.wait_for_load_state()
    moved = page.get_by_text(f"({code}) to {slot:%a} {slot.day} {slot:%b %H:%M}")
    assert moved.count(), f"{code} not moved: {page.locator('main').inner_text()}"
    print("moved", code, "with", dentist, "to", f"{slot:%a %Y-%m-%d %H:%M}")
