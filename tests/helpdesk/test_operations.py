"""Operations (admin token): a requester's answer on their ticket, as a task's world events write
it (a customer answering while the agent works), as agents then read it."""

from __future__ import annotations

from typing import Any

from tests.helpers import ApiClient, expect, expect_error


def _answer(service: ApiClient, code: str, text: str) -> Any:
    return service.admin(
        "POST", f"/api/admin/tickets/{code}/requester-comments", json={"body": text}
    )


def test_a_requester_comment_needs_the_admin_token(alice: ApiClient) -> None:
    refused = alice.post("/api/admin/tickets/TK-1003/requester-comments", json={"body": "Hi"})
    assert "X-Admin-Token" in expect_error(refused, 401)["message"]


def test_the_requester_comment_is_public_with_no_agent_and_mails_nobody(
    service: ApiClient, alice: ApiClient
) -> None:
    ticket = expect(_answer(service, "TK-1003", "It works again, thank you."), 201)
    last = ticket["comments"][-1]
    assert (last["author"], last["public"], last["body"]) == (
        None,
        True,
        "It works again, thank you.",
    )
    assert ticket["status"] == "open"  # an open ticket stays open
    seen = expect(alice.get("/api/tickets/TK-1003"), 200)
    assert seen["comments"][-1]["body"] == "It works again, thank you."
    assert expect(service.admin("GET", "/admin/undelivered"), 200) in ([], {"items": []})


def test_a_requester_comment_reopens_a_solved_ticket_and_not_a_closed_one(
    service: ApiClient,
) -> None:
    assert expect(_answer(service, "TK-1013", "It broke again."), 201)["status"] == "open"
    assert "is closed" in expect_error(_answer(service, "TK-1016", "Hello?"), 409)["message"]
    assert "TK-9999" in expect_error(_answer(service, "TK-9999", "Hello?"), 404)["message"]
    expect_error(_answer(service, "TK-1003", ""), 422)
