"""The task through the webmail's and the todo app's web UIs only (``invoke oracle --ui``): read
Klaus's latest mail, move the partner-deck task to his deadline (his Berlin time, typed in the
zone the task page shows, as its form has no zone) and add the agreement to the Work list."""

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from mock_services.browser import browser_page, log_in

MAIL = "http://127.0.0.1:5001"
TODO = "http://127.0.0.1:5002"
DPA_TITLE = "Send signed data processing agreement to Klaus"
# What Klaus asks in his latest mail: the deck by a day and time of his, the agreement by a day.
DECK_ASKED = re.compile(r"partner deck by \w+ (\d+ \w+), (\d\d:\d\d) our time \(we are in Berlin\)")
DPA_ASKED = re.compile(r"data processing agreement back from you by \w+ (\d+ \w+)\.")


def latest_mail_from_klaus(page) -> tuple[datetime, str]:
    """(date, text) of the newest of the mails Klaus sent, each opened from the search results."""
    page.goto(f"{MAIL}/")
    page.get_by_role("searchbox", name="Search mail").fill("klaus.richter@nordwind.example")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    links = page.locator("#messages tr.msg td:nth-child(4) a").evaluate_all(
        "links => links.map(link => link.getAttribute('href'))"
    )
    mails = []
    for link in links:
        page.goto(f"{MAIL}{link}")
        sender = page.locator("#message p").first.inner_text()
        # its year only when not this year's (the year of the header's "Today")
        sent = re.search(r"· \w{3} (\d{1,2} \w{3})(?: (\d{4}))? (\d{2}:\d{2}) UTC", sender)
        assert sent and "klaus.richter@nordwind.example" in sender, sender
        year = sent[2] or page.locator("#today").get_attribute("datetime")[:4]
        when = datetime.strptime(f"{sent[1]} {year} {sent[3]}", "%d %b %Y %H:%M")
        mails.append((when, page.locator("#message pre.body").inner_text()))
    assert len(mails) == 2, f"expected two mails from Klaus, read {len(mails)}"
    return max(mails)


def edit_deck(page, due: datetime) -> None:
    """Open the partner-deck task found by the list's search and save it due at ``due`` (Berlin
    time), typed in the task's own time zone as its page names it."""
    page.goto(f"{TODO}/")
    page.get_by_label("Search").fill("partner deck")
    with page.expect_navigation():
        page.get_by_role("button", name="Filter").click()
    found = page.locator("#tasks").get_by_role("link", name="Send partner deck to Klaus")
    assert found.count() == 1, "expected one partner-deck task"
    with page.expect_navigation():
        found.click()
    zone = re.search(r"\((\w+/\w+)\)", page.locator("#due").inner_text())[1]
    local = due.astimezone(ZoneInfo(zone))
    form = page.locator("#edit")
    form.get_by_label("Due date").fill(local.date().isoformat())
    form.get_by_label("Due time").fill(local.strftime("%H:%M"))
    with page.expect_navigation():
        form.get_by_role("button", name="Save").click()
    shown = page.locator("#due").inner_text()
    assert f"Due {local:%a} {local.day} {local:%b %H:%M} ({zone})" in shown, shown


def add_agreement(page, day: str) -> None:
    """Add the agreement to the Work list with the Add a task form, due on ``day``."""
    page.goto(f"{TODO}/")
    form = page.locator("#new-task")
    form.get_by_label("Title").fill(DPA_TITLE)
    form.get_by_label("List").select_option(label="Work")
    form.get_by_label("Due date").fill(day)
    form.get_by_label("Tags (comma separated)").fill("partner")
    with page.expect_navigation():
        form.get_by_role("button", name="Add task").click()


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, TODO, "alice", "alice-pass")
    sent, text = latest_mail_from_klaus(page)
    deck = re.search(
        r"partner deck by \w+ (\d+ \w+), (\d\d:\d\d) our time \(we are in Berlin\)", text
    )
    dpa = re.search(r"data processing agreement back from you by \w+ (\d+ \w+)\.", text)
    assert deck and dpa, f"Klaus's latest mail does not read as expected:\n{text}"
    berlin = ZoneInfo("Europe/Berlin")
    deck_due = datetime.strptime(f"{deck[1]} {sent.year} {deck[2]}", "%d %B %Y %H:%M")
    dpa_day = datetime.strptime(f"{dpa[1]} {sent.year}", "%d %B %Y").date().isoformat()
    edit_deck(page, deck_due.replace(tzinfo=berlin))
    add_agreement(page, dpa_day)
    page.goto(f"{TODO}/")
    page.get_by_label("Search").fill("data processing agreement")
    with page.expect_navigation():
        page.get_by_role("button", name="Filter").click()
    row = page.locator("#tasks li[data-task]", has=page.get_by_role("link", name=DPA_TITLE))
    assert row.count() == 1, "the agreement task is not listed"
    shown_due = row.locator(".td-due time").get_attribute("datetime")  # the chip's day
    assert shown_due == dpa_day, f"the agreement task is due {shown_due}"
    print("deck due", deck_due, "Berlin; agreement due", dpa_day, "in Work")
