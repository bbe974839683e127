"""The task through the calendar's web UI only (``invoke oracle --ui``): read the week pages
around today, group the one-off events listed with the same day, times, title and place, and
cancel every copy but the first whose event page reads the same, with its confirmed button."""

import re

from mock_services.browser import browser_page, log_in

CALENDAR = "http://127.0.0.1:5006"
WEEKS = 9  # the week before this one (the import was yesterday) to two months on


def listed_events(page):
    """Each one-off event the week pages show: (day, times, title, place) -> event page links,
    in the order listed (a recurring event's rows say "repeats" and are left out)."""
    page.goto(f"{CALENDAR}/")
    page.get_by_role("link", name="Schedule view").click()  # the week as a list
    page.get_by_role("link", name="Previous week").click()
    groups = {}
    for _ in range(WEEKS):
        for card in page.locator(".card.day").all():
            day = card.get_attribute("data-date")
            for row in card.locator("tr.event").all():
                times, title, place, _ = (c.strip() for c in row.locator("td").all_inner_texts())
                title = re.sub(r" \(\d+ of \d+ alike\)", "", title)  # copies are numbered
                if "(repeats" in title:
                    continue
                href = row.get_by_role("link").get_attribute("href")
                groups.setdefault((day, times, title, place), []).append(href)
        page.get_by_role("link", name="Next week").click()
    return groups


def details(page, href):
    """What an event's page says about it: its first card (when, where, calendar, organizer;
    which copy it is left out) and its guests with their answers."""
    page.goto(f"{CALENDAR}{href}")
    card = page.locator("main .card").first
    text = card.inner_text()
    if card.locator("#copies").count():  # the line naming the other copies
        text = text.replace(card.locator("#copies").inner_text(), "")
    guests = page.locator("#guests, #no-guests").first  # "No guests." where it has none
    return re.sub(r" \(\d+ of \d+ alike\)", "", text), guests.inner_text()


def cancel(page, href):
    page.goto(f"{CALENDAR}{href}")
    # an event with guests is cancelled for everyone; one with none is deleted
    page.get_by_role(
        "button", name=re.compile(r"^(Cancel event for everyone|Delete event)…$")
    ).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role(
        "button", name=re.compile(r"^Yes, (cancel event for everyone|delete event)$")
    ).click()
    page.wait_for_load_state()
    said = page.locator("main").inner_text()
    assert re.search(r"(Cancelled .+ for everyone|Deleted .+)\.", said), said


with browser_page() as page:
    log_in(page, CALENDAR, "alice", "alice-pass")
    cancelled = []
    for key, hrefs in listed_events(page).items():
        if len(hrefs) < 2:
            continue
        kept = details(page, hrefs[0])
        for href in hrefs[1:]:
            copy = details(page, href)
            assert copy == kept, f"{key}: {href} is not the same event as {hrefs[0]}"
            cancel(page, href)
            cancelled.append(key)
    titles = sorted(title for _, _, title, _ in cancelled)
    assert titles == ["Dentist", "Quarterly review", "Team lunch", "Team lunch"], titles
    print("cancelled the extra copies:", ", ".join(titles))
