"""The task through the helpdesk's web UI only (``invoke oracle --ui``): merge Maria Gonzalez's
newer PDF-export ticket into her first one, then take that one, raise it to high with the
`month-end` tag, and answer her publicly from Carol's note, leaving it pending."""

import re
from datetime import datetime

from mock_services.browser import browser_page, log_in

DESK = "http://127.0.0.1:5100"
REQUESTER = "Maria Gonzalez"
REPLY = (
    "Hi Maria,\n\n"
    "I'm sorry the PDF export is still failing, and I have merged your two tickets so everything "
    "is in one place. Our technical team has found the problem: the fix ships in release 4.2.1 "
    "on Thursday 12 March.\n\n"
    "Until then you can still get your invoices as PDFs: open the invoice, press Print and "
    "choose 'Save as PDF' in your browser's print dialog.\n\n"
    "Could you let me know after Thursday's release whether the export works again for you?\n\n"
    "Best regards,\nAlice"
)


def unsolved_pdf_tickets(page) -> list[str]:
    """Maria's unsolved tickets about the PDF export, from her requester page."""
    page.goto(f"{DESK}/requesters")
    page.get_by_label("Search name or email", exact=True).fill("Gonzalez")
    page.get_by_role("button", name="Filter requesters").click()
    page.wait_for_load_state()
    page.get_by_role("link", name=REQUESTER, exact=True).click()
    page.wait_for_load_state()
    codes = []
    for row in page.locator("main table tbody tr").all():
        status, code, subject, requester, *_rest = row.locator("td").all_inner_texts()
        assert requester.startswith(REQUESTER), f"{code} is {requester}'s"
        solved = any(word in status for word in ("Solved", "Closed"))
        if "PDF" in subject and "export" in subject and not solved:
            codes.append(code)
    return codes


def created(page, code: str) -> datetime:
    """When the ticket was opened, as its page shows it (day, month and time; the year only
    when it is not this year's, the year of the header's "Today")."""
    page.goto(f"{DESK}/tickets/{code}")
    shown = page.locator("main").inner_text()
    found = re.search(r"Created \w{3} (\d+ \w{3})(?: (\d{4}))? (\d{2}:\d{2})", shown)
    assert found, f"{code} shows no creation time"
    year = found.group(2) or page.locator("#today").get_attribute("datetime")[:4]
    return datetime.strptime(f"{found.group(1)} {year} {found.group(3)}", "%d %b %Y %H:%M")


def merge(page, newer: str, older: str) -> None:
    page.goto(f"{DESK}/tickets/{newer}")
    page.get_by_role("button", name="Merge ticket…").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Merge into ticket (code, e.g. TK-1001)", exact=True).fill(older)
    dialog.get_by_role("button", name="Yes, merge ticket").click()
    page.wait_for_load_state()
    page.goto(f"{DESK}/tickets/{newer}")
    assert f"Merged into {older}" in page.locator("main").inner_text(), f"{newer} not merged"


def carols_note(page) -> str:
    (note,) = page.get_by_role("article", name="internal note by Carol Diaz").all()
    return note.inner_text()


def take_and_raise(page) -> None:
    """The ticket fields: assignee Alice, priority high, its tags plus `month-end`."""
    tags = page.get_by_label("Tags (comma separated)", exact=True)
    kept = [tag.strip() for tag in tags.input_value().split(",") if tag.strip()]
    assert kept, "the ticket shows no tags"
    page.get_by_label("Assignee", exact=True).select_option(label="Alice Martin (Tier 1 Support)")
    page.get_by_label("Priority", exact=True).select_option("high")
    tags.fill(", ".join([*kept, "month-end"]))
    page.get_by_role("button", name="Save ticket").click()
    page.wait_for_load_state()
    saved = [page.get_by_label(name, exact=True).input_value() for name in ("Priority", "Assignee")]
    assert saved == ["high", "alice"], "the fields were not saved"


def reply_pending(page) -> None:
    page.get_by_label("Comment", exact=True).fill(REPLY)
    page.get_by_label("Public reply", exact=True).check()
    page.get_by_label("Submit as", exact=True).select_option("pending")
    page.get_by_role("button", name="Send comment").click()
    page.wait_for_load_state()
    status = page.get_by_label("Status", exact=True).input_value()
    assert status == "pending", "the ticket is not pending"
    assert page.get_by_role("article", name="reply by Alice Martin").count() == 1


with browser_page() as page:
    log_in(page, DESK, "alice", "alice-pass")
    codes = unsolved_pdf_tickets(page)
    assert len(codes) == 2, f"Maria's unsolved PDF-export tickets: {codes}"
    older, newer = sorted(codes, key=lambda code: created(page, code))
    merge(page, newer, older)
    page.goto(f"{DESK}/tickets/{older}")
    note = carols_note(page)
    for said in ("release 4.2.1 on Thursday 12 March", "press Print and choose 'Save as PDF'"):
        assert said in note, f"Carol's note does not say {said!r}"
    take_and_raise(page)
    reply_pending(page)
    print(f"merged {newer} into {older}, answered Maria there")
