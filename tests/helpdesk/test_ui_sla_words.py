"""A ticket's SLA line says a target already met is met (Zendesk's "achieved"), not still
"due"; after a priority change the notice says the targets were recomputed for it."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_a_met_first_reply_says_met_not_due(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    found = expect(alice.get("/api/tickets", params={"per_page": 100}), 200)["items"]
    answered = next(t for t in found if t["first_reply_at"] and t["status"] == "open")
    text = shown_text(as_browser(alice).get(f"/tickets/{answered['code']}").text)
    assert "first reply: met, sent " in text, text[:800]
    assert "first reply due" not in text


def test_a_priority_change_says_the_targets_were_recomputed(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    ticket = expect(alice.get("/api/tickets/TK-1003"), 200)
    form = {
        "subject": ticket["subject"],
        "status": ticket["status"],
        "priority": "urgent" if ticket["priority"] != "urgent" else "low",
        "type": ticket["type"],
        "assignee": ticket["assignee"] or "",
        "group": ticket["group"] or "",
        "category": ticket["category"],
        "tags": ", ".join(ticket["tags"]),
    }
    saved = shown_text(as_browser(alice).post("/tickets/TK-1003/edit", data=form).text)
    assert f"SLA targets were recomputed for {form['priority']} priority" in saved, saved[:800]


def test_a_late_first_reply_reads_breached_and_solved_rows_say_met(service: ApiClient) -> None:
    """TK-1015 read "first reply: met Thu 19 Feb 09:00 UTC (late)", met and late at once, and
    the list's SLA column showed "-" for solved tickets that met their targets."""
    alice = service.as_user("alice", "alice-pass")
    found = expect(alice.get("/api/tickets", params={"per_page": 100}), 200)["items"]
    late = next(t for t in found if t["first_reply_at"] and t["sla"]["first_reply_breached"])
    browser = as_browser(alice)
    text = shown_text(browser.get(f"/tickets/{late['code']}").text)
    assert "first reply: breached (due " in text and "(late)" not in text, text[:800]
    page = browser.get("/", params={"status": "solved", "per_page": 100}).text
    met = [
        t
        for t in found
        if t["status"] == "solved"
        and not (t["sla"]["first_reply_breached"] or t["sla"]["resolution_breached"])
        and (t["sla"]["first_reply_due"] or t["sla"]["resolution_due"])
    ]
    assert met, "the default seed has solved tickets that met their targets"
    for ticket in met:
        row = page[page.index(f">{ticket['code']}</td>") :].split("</tr>", 1)[0]
        cells = [c.strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        assert "met" in cells, (ticket["code"], cells)


def test_a_satisfaction_rating_reads_capitalised(service: ApiClient) -> None:
    """The Rating list and the Satisfaction line read "good / bad" in lowercase."""
    page = as_browser(service.as_user("alice", "alice-pass")).get("/tickets/TK-1013").text
    assert '<option value="good"' in page and ">Good</option>" in page and ">Bad</option>" in page
