"""A reader of the ticket list's text (a browsing agent reading the page) saw tags run
together, "crmlogin", "invoicerefund", and each status cell read "N New": the badge's letter
and the word. Tags read apart, "crm, login", and the letter is drawn, not text: "New"."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect, log_in
from tests.page_words import shown_text


@pytest.mark.browser
def test_the_list_text_separates_tags_and_says_each_status_once(
    service: ApiClient, page: Any
) -> None:
    alice = service.as_user("alice", "alice-pass")
    tickets = expect(alice.get("/api/tickets", params={"per_page": 100}), 200)["items"]
    tagged = next(t for t in tickets if len(t["tags"]) > 1)
    log_in(page, service.base_url, "alice", "alice-pass", "/tickets?per_page=100")
    listed = page.locator("main").inner_text()
    assert ", ".join(tagged["tags"]) in listed, listed[:2000]
    assert "".join(tagged["tags"]) not in listed
    assert not re.search(r"\b([NOPHSC]) (New|Open|Pending|On hold|Solved|Closed)\b", listed), (
        listed[:2000]
    )
    page.goto(f"{service.base_url}/tickets/{tagged['code']}")
    shown = page.locator("main").inner_text()
    assert ", ".join(tagged["tags"]) in shown, shown[:2000]


def test_a_tickets_other_tickets_say_their_status_in_words(service: ApiClient) -> None:
    """The requester's "Other tickets" panel read "TK-1015 · solved", where the lists say
    "Solved"."""
    alice = service.as_user("alice", "alice-pass")
    tickets = expect(alice.get("/api/tickets", params={"per_page": 100}), 200)["items"]
    by_requester: dict[str, list[dict[str, Any]]] = {}
    for ticket in tickets:
        by_requester.setdefault(str(ticket["requester"]), []).append(ticket)
    first, other = next(group for group in by_requester.values() if len(group) > 1)[:2]
    text = shown_text(as_browser(alice).get(f"/tickets/{first['code']}").text)
    words = other["status"].replace("_", " ").capitalize()
    assert f"{other['code']} · {words} · created" in text, text[:3000]
