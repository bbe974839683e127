"""The task through the web UIs only (``invoke oracle --ui``): read the wiki's triage rules, list
the helpdesk's new tickets, read them again (every second, for a bounded time) until a
requester has added to one since raising it, judge each on its description and every
comment of the requester's as the page shows them then, and triage it with the ticket's
properties form (and, for the urgent one, the public reply form)."""

import re
import time

from mock_services.browser import browser_page, log_in

HELPDESK = "http://127.0.0.1:5100"
KB = "http://127.0.0.1:5130"
CODE = re.compile(r"TK-\d+")


def read_rules(page) -> str:
    page.goto(f"{KB}/spaces/SUP")
    page.get_by_role("link", name="Tier 1 triage rules").first.click()
    page.wait_for_load_state()
    rules = page.locator("main").inner_text()
    assert "Technical Escalations" in rules and "within the hour" in rules, rules
    return rules


def queue(page) -> list[str]:
    """The codes of the new tickets."""
    page.goto(f"{HELPDESK}/views/new")
    rows = page.locator("table.zd-rows tbody tr").all()
    return [CODE.search(row.inner_text())[0] for row in rows]


def requester_says(page, code: str) -> tuple[str, list[str]]:
    """The ticket's requester's words (description and comments) and the ticket's type."""
    page.goto(f"{HELPDESK}/tickets/{code}")
    name = page.locator(".zd-requester .who a").first.inner_text()
    said = [a.inner_text() for a in page.get_by_role("article", name=f"request by {name}").all()]
    said += [
        a.inner_text()
        for a in page.get_by_role("article", name=f"{name}, the requester, wrote").all()
    ]
    return page.get_by_label("Type", exact=True).input_value(), said


def priority(kind: str, said: list[str]) -> str:
    text = " ".join(said).lower()
    if any(w in text for w in ("nobody in our", "all twelve of us", "whole team")):
        return "urgent"
    if "can't do my job" in text or "cannot do my job" in text:
        return "high"
    return "low" if kind == "question" else "normal"


def save(page, code: str, **fields: str) -> None:
    page.goto(f"{HELPDESK}/tickets/{code}")
    for label, value in fields.items():
        page.get_by_label(label, exact=True).select_option(value)
    page.get_by_role("button", name="Save ticket").click()
    page.wait_for_load_state()
    assert page.get_by_text(f"Saved {code}.").count(), f"{code} was not saved"


def reply(page, code: str, first_name: str) -> None:
    page.goto(f"{HELPDESK}/tickets/{code}")
    page.get_by_label("Comment", exact=True).fill(
        f"Hi {first_name},\n\nthank you for the update. With your whole team locked out, I have "
        "escalated this ticket as urgent to our Technical Escalations team; one of their "
        "engineers will contact you within the hour.\n\nAlice"
    )
    page.get_by_label("Public reply").check()
    page.get_by_role("button", name="Send comment").click()
    page.wait_for_load_state()
    assert page.get_by_text("Reply sent.").count(), "the reply was not sent"


with browser_page() as page:
    log_in(page, KB, "alice", "alice-pass")
    log_in(page, HELPDESK, "alice", "alice-pass")
    read_rules(page)
    codes = queue(page)
    assert len(codes) == 3, codes
    # a careful look again before committing, until a requester has written on a ticket since
    # raising it (the browser is slow: that may have happened by the first look already)
    began = time.monotonic()
    while time.monotonic() < began + 30:
        if any(len(requester_says(page, code)[1]) > 1 for code in codes):
            break
        time.sleep(1)
    print(f"read again for {time.monotonic() - began:.0f} s")
    for code in codes:
        kind, said = requester_says(page, code)
        level = priority(kind, said)
        if level == "urgent":
            first_name = page.locator(".zd-requester .who a").first.inner_text().split()[0]
            save(page, code, Priority=level, Group="Technical Escalations", Assignee="")
            reply(page, code, first_name)
        else:
            save(page, code, Priority=level, Assignee="alice", Status="open")
        print(code, level)
