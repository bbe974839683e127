"""Step "notify" through the web UIs only (``invoke oracle --ui``): list the declined
invitations on the calendar's Invitations page, read each organizer's address on the event's
page, and send each organizer one short mail naming that meeting from the webmail's compose form."""

import re

from mock_services.browser import browser_page, log_in

CALENDAR = "http://127.0.0.1:5006"
MAIL = "http://127.0.0.1:5001"
ORGANIZER = re.compile(r"Organizer: .*<([^<>@\s]+@[^<>\s]+)>")


def declined_invitations(page) -> list[tuple[str, str]]:
    """Each declined invitation's title and its organizer's mail address."""
    page.goto(f"{CALENDAR}/invitations")
    page.get_by_label("Show").select_option(label="Declined")
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_load_state()
    titles = page.locator("tr.invitation td:nth-child(2)").all_inner_texts()
    found = []
    for title in titles:
        page.locator("tr.invitation").get_by_role("link", name=title, exact=True).click()
        page.wait_for_load_state()
        organizer = ORGANIZER.search(page.locator("main").inner_text())
        assert organizer, f"no organizer's address on the page of {title}"
        found.append((title, organizer[1]))
        page.go_back()
    return found


def send(page, to: str, subject: str, body: str) -> None:
    page.goto(MAIL)
    page.get_by_role("link", name="Compose").click()
    page.wait_for_load_state()
    form = page.locator("form#compose")  # the Compose window over the mailbox
    form.get_by_label("To").fill(to)
    form.get_by_label("Subject").fill(subject)
    form.get_by_label("Message").fill(body)
    form.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_load_state()
    assert page.get_by_text("Message sent to").count(), f"the mail to {to} was not sent"


with browser_page() as page:
    log_in(page, CALENDAR, "alice", "alice-pass")
    log_in(page, MAIL, "alice", "alice-pass")
    declined = declined_invitations(page)
    assert len(declined) == 2, f"expected two declined invitations, read {declined}"
    for title, organizer in declined:
        send(
            page,
            organizer,
            f"Can't make it: {title}",
            f'Hi,\n\nSorry, I can\'t attend "{title}": it clashes with something already in my '
            "calendar.\n\nAlice",
        )
        print("told", organizer, "about", title)
