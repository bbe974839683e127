"""A ticket's SLA line says a target already met is met (Zendesk's "achieved"), not still
"due"; after a priority change the notice says the targets were recomputed for it."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_a_met_first_reply_says_met_not_due(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    found = expect(alice.get("/api/tickets", params={"per_page": 100}), 200)["items"]
    answered = next(t for t in found if t["first_reply_at"] and t["status"] == "open")
    text = shown_text(as_browser(alice).get(f"/tickets/{answered['code']}").text)
    assert "first reply: met " in text, text[:800]
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
