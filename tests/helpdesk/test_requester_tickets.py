"""A ticket's page lists its requester's other tickets, found by the requester's e-mail, which
the ticket's address does not carry: an API client could not read that list in one call from
the ticket, so it saw less than an agent in the browser. ``GET /api/tickets/<code>/requester-
tickets`` (``list_requester_tickets``) answers it, from the function the page lists it with."""

from __future__ import annotations

import re
from typing import Any

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect, expect_error

SHOWN = 10
"""The other tickets a ticket's page lists (the first, oldest first)."""


def panel_codes(html: str) -> list[str]:
    """The codes the page's requester panel lists under "Other tickets"."""
    panel = html.split('aria-label="Requester"', 1)[1].split("</aside>", 1)[0]
    return re.findall(r'href="/tickets/(TK-\d+)"', panel)


def other_tickets(client: ApiClient, code: str, **params: Any) -> Any:
    return expect(client.get(f"/api/tickets/{code}/requester-tickets", params=params), 200)


def test_the_answer_is_what_each_ticket_page_lists(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    every = expect(alice.get("/api/tickets", params={"per_page": 100}), 200)["items"]
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for ticket in every:
        answer = other_tickets(alice, ticket["code"], per_page=SHOWN)
        page = browser.get(f"/tickets/{ticket['code']}")
        assert page.status_code == 200
        listed = [t["code"] for t in answer["items"]]
        assert panel_codes(page.text) == listed, ticket["code"]
        assert f"Other tickets ({len(listed)})" in page.text
        assert answer["ticket"] == ticket["code"]
        assert answer["requester"]["email"] == ticket["requester"]
        theirs = [t["code"] for t in every if t["requester"] == ticket["requester"]]
        assert listed == [c for c in theirs if c != ticket["code"]][:SHOWN]
        assert answer["total"] == len(theirs) - 1
        assert listed, "every seeded requester has more than one ticket"


def test_a_requester_with_no_other_ticket(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    added = expect(
        alice.post("/api/requesters", json={"name": "Una Single", "email": "una@example.com"}),
        201,
    )
    code = expect(
        alice.post("/api/tickets", json={"subject": "Only one", "requester_id": added["id"]}),
        201,
    )["code"]
    answer = other_tickets(alice, code)
    assert answer["items"] == [] and answer["total"] == 0
    assert answer["requester"]["name"] == "Una Single"
    page = as_browser(service.as_user("alice", "alice-pass")).get(f"/tickets/{code}").text
    assert panel_codes(page) == [] and "No other tickets." in page


def test_the_answer_pages_past_what_the_page_shows(service: ApiClient) -> None:
    """A requester with more other tickets than the page lists: the page shows the first ten,
    the API pages on to the rest."""
    alice = service.as_user("alice", "alice-pass")
    added = expect(
        alice.post("/api/requesters", json={"name": "Many Asks", "email": "many@example.com"}),
        201,
    )
    codes = [
        expect(
            alice.post("/api/tickets", json={"subject": f"Ask {n}", "requester_id": added["id"]}),
            201,
        )["code"]
        for n in range(13)
    ]
    middle = codes[5]
    first = other_tickets(alice, middle, per_page=SHOWN)
    rest = other_tickets(alice, middle, per_page=SHOWN, page=2)
    others = [c for c in codes if c != middle]
    assert [t["code"] for t in first["items"] + rest["items"]] == others
    assert first["total"] == 12
    page = as_browser(service.as_user("alice", "alice-pass")).get(f"/tickets/{middle}").text
    assert panel_codes(page) == others[:SHOWN]


def test_refused_as_the_page_is(service: ApiClient) -> None:
    """Every agent reads every ticket, a light agent too; an unknown ticket is a 404 on the
    page and from the API, and no one logged out reads either."""
    erin = service.as_user("erin", "erin-pass")
    assert other_tickets(erin, "TK-1001")["requester"]
    assert as_browser(service.as_user("erin", "erin-pass")).get("/tickets/TK-1001").ok
    alice = service.as_user("alice", "alice-pass")
    expect_error(alice.get("/api/tickets/TK-9999/requester-tickets"), 404)
    assert (
        as_browser(service.as_user("alice", "alice-pass")).get("/tickets/TK-9999").status_code
        == 404
    )
    expect_error(service.get("/api/tickets/TK-1001/requester-tickets"), 401)
    login = service.get("/tickets/TK-1001", allow_redirects=False)
    assert login.status_code in (302, 303) and "/login" in login.headers["Location"]
