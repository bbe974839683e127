"""Helpdesk pages in Zendesk's words: statuses and priorities capitalised ("Status: New ·
priority Urgent"), a solved ticket's resolution target said met or breached with when it was
solved, and a ticket address that is not a ticket told in plain sentences (the API keeps its
JSON 404)."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_statuses_and_priorities_read_capitalised(service: ApiClient, alice: ApiClient) -> None:
    items = expect(alice.get("/api/tickets", params={"per_page": 100}), 200)["items"]
    code = items[0]["code"]
    text = shown_text(
        as_browser(service.as_user("alice", "alice-pass")).get(f"/tickets/{code}").text
    )
    found = re.search(r"Status: (\S+) · priority (\S+)", text)
    assert found is not None, text[:600]
    assert found[1][0].isupper() and found[2][0].isupper(), found[0]


def test_a_solved_ticket_says_whether_its_resolution_target_was_met(
    service: ApiClient, alice: ApiClient
) -> None:
    solved = expect(alice.get("/api/tickets", params={"status": "solved", "per_page": 50}), 200)
    assert solved["items"], "the default seed has solved tickets"
    for ticket in solved["items"][:5]:
        text = shown_text(
            as_browser(service.as_user("alice", "alice-pass"))
            .get(f"/tickets/{ticket['code']}")
            .text
        )
        sla = text[text.index("SLA:") :][:300]
        assert "resolution due" not in sla, sla
        assert re.search(r"resolution: (met|breached)", sla), sla
        assert "solved " in sla, sla


def test_an_unknown_ticket_address_is_told_plainly(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for path, said in (
        ("/tickets/1", "There is no ticket “1”"),
        ("/tickets/TK-9999", "There is no ticket TK-9999"),
    ):
        response = browser.get(path, headers={"Accept": "text/html"})
        assert response.status_code == 404
        text = shown_text(response.text)
        assert said in text, text[:600]
        assert "addressed by" not in text and "GET /api" not in text
    api = alice.get("/api/tickets/1")
    assert api.status_code == 404 and "addressed by code" in api.json()["error"]["message"]
