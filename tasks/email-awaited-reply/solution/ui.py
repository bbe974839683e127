"""The task through the web UIs only (``invoke oracle --ui``): the mail's compose form for the
question, then Dana's mails found with the search box (``from:``) and opened one by one until no
new one comes in while reading (her correction arrives as her answer is opened), the time of her
newest one, and the calendar's New event form for the call with her as the guest."""

import re
import time

from mock_services.browser import browser_page, log_in

MAIL = "http://127.0.0.1:5001"
CALENDAR = "http://127.0.0.1:5006"
DANA = "dana.whitfield@northwind.example"
TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*([ap])\.?m", re.I)


def ask(page):
    page.goto(f"{MAIL}/compose")
    page.get_by_label("To").fill(DANA)
    page.get_by_label("Subject").fill("Call on Thursday")
    page.get_by_label("Message").fill(
        "Hi Dana,\n\nI'd like to set up a 30-minute call with you on Thursday (March 12) about "
        "the Northwind renewal. What time on Thursday suits you best?\n\nThanks,\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()


def her_mails(page):
    """The addresses of Dana's mails, oldest first, from a search of the mailbox."""
    page.goto(f"{MAIL}/?q=from:{DANA}&sort=oldest")
    links = page.locator("main a[href^='/messages/']")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    return list(dict.fromkeys(h for h in hrefs if re.fullmatch(r"/messages/\d+", h)))


def time_said(page, href):
    page.goto(f"{MAIL}{href}")
    found = TIME.findall(page.locator("main").inner_text())
    if not found:
        return None
    hour, minute, half = found[-1]
    return int(hour) % 12 + (12 if half.lower() == "p" else 0), int(minute)


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, CALENDAR, "alice", "alice-pass")
    ask(page)
    for _ in range(30):
        if her_mails(page):
            break
        time.sleep(1)
    seen, said = None, None
    while (mails := her_mails(page)) != seen:
        seen = mails
        for href in mails:
            said = time_said(page, href) or said
    assert said, "Dana named no time"
    hour, minute = said
    end = hour * 60 + minute + 30
    page.goto(f"{CALENDAR}/events/new")
    page.get_by_label("Title").fill("Northwind renewal call")
    page.get_by_label("Date", exact=True).fill("2026-03-12")
    page.get_by_label("Start", exact=True).fill(f"{hour:02d}:{minute:02d}")
    page.get_by_label("End", exact=True).fill(f"{end // 60:02d}:{end % 60:02d}")
    page.get_by_label("Time zone").select_option("America/New_York")
    page.get_by_label("Guests").fill(DANA)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert re.search(r"/events/\d+$", page.url), page.locator("main").inner_text()
    print("booked the call at", said, "from", len(seen), "mails of hers")
