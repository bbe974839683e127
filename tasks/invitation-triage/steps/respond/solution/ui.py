"""Step "respond" through the calendar's web UI only (``invoke oracle --ui``): open each
unanswered invitation, decline it when its Conflicts card shows Alice busy with an event that
is no other unanswered invitation (time marked free is not listed there), else accept it."""

import re

from mock_services.browser import browser_page, log_in

CALENDAR = "http://127.0.0.1:5006"
BUSY_WITH = re.compile(r"^You are busy with '(.+)' \w{3} \d+ \w{3} \d\d:\d\d")


def pending_titles(page) -> list[str]:
    """The titles of the invitations the Invitations page shows as not answered."""
    page.goto(f"{CALENDAR}/invitations")
    page.get_by_label("Show").select_option(label="Not answered")
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_load_state()
    return page.locator("tr.invitation td:nth-child(2)").all_inner_texts()


def clashes(page, others: set[str]) -> list[str]:
    """What the open event page lists Alice busy with, other unanswered invitations left out."""
    card = page.locator(".card", has=page.get_by_role("heading", name="Conflicts", exact=True))
    found = [BUSY_WITH.match(item) for item in card.locator("li").all_inner_texts()]
    return [m[1] for m in found if m and m[1] not in others]


with browser_page() as page:
    log_in(page, CALENDAR, "alice", "alice-pass")
    pending = pending_titles(page)
    assert len(pending) == 4, f"expected four unanswered invitations, read {pending}"
    for title in pending:
        page.goto(f"{CALENDAR}/invitations")
        page.locator("tr.invitation").get_by_role("link", name=title, exact=True).click()
        page.wait_for_load_state()
        assert page.locator("#event-title").inner_text().strip() == title
        busy = clashes(page, set(pending) - {title})
        answer = "Decline" if busy else "Accept"
        page.get_by_role("button", name=answer, exact=True).click()
        page.wait_for_load_state()
        shown = page.locator("#my-rsvp").inner_text()
        assert shown == ("Declined" if busy else "Accepted"), f"{title}: answer shown {shown}"
        print(title, "->", shown, f"(clashes with {', '.join(busy)})" if busy else "")
