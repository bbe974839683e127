"""The tickets area: listing with filters and search, one ticket, creating and changing it
under the status workflow, group membership and roles; each declared error."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO


def _minutes(start: str, end: str) -> float:
    return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds() / 60


def codes(client: ApiClient, **params: object) -> list[str]:
    page = expect(client.get("/api/tickets", params={"per_page": 100, **params}), 200)
    return [t["code"] for t in page["items"]]


def test_filters_narrow_the_listing(alice: ApiClient) -> None:
    assert codes(alice, status="new") == [
        "TK-1001", "TK-1002", "TK-1007", "TK-1012", "TK-1024", "TK-1031", "TK-1035"
    ]  # fmt: skip
    assert codes(alice, assignee="me", status="unsolved") == [
        "TK-1006", "TK-1011", "TK-1020", "TK-1025"
    ]  # fmt: skip
    assert codes(alice, group="billing", priority="high") == ["TK-1004"]
    assert codes(alice, tag="VIP") == ["TK-1009", "TK-1018"]
    assert codes(alice, requester="sam.lee@initech.example") == ["TK-1006", "TK-1007", "TK-1022"]
    assert "TK-1017" in codes(alice, status="closed")
    assert len(codes(alice, assignee="none", status="unsolved")) == 8


def test_search_finds_words_in_subjects_and_comments(alice: ApiClient) -> None:
    assert codes(alice, q="vpn") == ["TK-1006", "TK-1007", "TK-1008"]
    assert codes(alice, q="PEER TIMEOUT") == ["TK-1006"]  # only in the requester's comment
    assert codes(alice, q="V-5531") == ["TK-1010"]  # only in an internal note
    assert codes(alice, q="nothing like this") == []


def test_search_finds_a_ticket_by_its_code(alice: ApiClient) -> None:
    """An agent who has a ticket's code types it in the search, as written or not."""
    assert codes(alice, q="TK-1013") == ["TK-1013"]
    assert codes(alice, q=" tk-1013 ") == ["TK-1013"]
    assert codes(alice, q="TK-9999") == []


def test_the_breaching_filter_uses_the_frozen_clock(alice: ApiClient) -> None:
    breaching = codes(alice, breaching="true", status="unsolved")
    assert "TK-1001" in breaching and "TK-1018" in breaching  # no reply after 3h; urgent > 8h
    assert "TK-1002" not in breaching and "TK-1024" not in breaching  # still within target
    ticket = expect(alice.get("/api/tickets/TK-1001"), 200)
    assert ticket["sla"] == {
        "first_reply_due": "2026-03-02T07:00:00Z",
        "first_reply_breached": True,
        "resolution_due": "2026-03-02T14:00:00Z",
        "resolution_breached": False,
    }


def test_a_ticket_shows_its_conversation(alice: ApiClient) -> None:
    ticket = expect(alice.get("/api/tickets/tk-1006"), 200)
    assert (ticket["requester"], ticket["organization"], ticket["assignee"]) == (
        "sam.lee@initech.example",
        "Initech",
        "alice",
    )
    assert [(c["author"], c["author_name"], c["public"]) for c in ticket["comments"]] == [
        ("alice", "Alice Martin", True),
        (None, "Sam Lee", True),
    ]


def test_an_unknown_ticket_is_a_404_that_says_how_tickets_are_named(alice: ApiClient) -> None:
    assert "no ticket 'TK-9999'" in expect_error(alice.get("/api/tickets/TK-9999"), 404)["message"]
    message = expect_error(alice.get("/api/tickets/1006"), 404)["message"]
    assert "tickets are addressed by code, e.g. 'TK-1006'" in message


@OVER_HTTP_TOO
def test_a_ticket_is_created_assigned_and_solved(
    alice: ApiClient, helpdesk_db: Callable[[str], list[tuple]]
) -> None:
    body = {
        "subject": "Badge reader at the door rejects my card",
        "requester_id": 14,  # Zoe Adams
        "priority": "high",
        "tags": ["Access", "badge"],
    }
    created = expect(alice.post("/api/tickets", json=body), 201)
    assert (created["code"], created["status"], created["tags"]) == (
        "TK-1037",
        "new",
        ["access", "badge"],
    )
    assert _minutes(created["created_at"], created["sla"]["first_reply_due"]) == 240  # high
    opened = expect(alice.patch("/api/tickets/TK-1037", json={"assignee": "grace"}), 200)
    assert (opened["status"], opened["group"]) == ("open", "Tier 1 Support")
    solved = expect(alice.patch("/api/tickets/TK-1037", json={"status": "solved"}), 200)
    assert solved["solved_at"] == solved["updated_at"]
    assert solved["solved_at"].startswith("2026-03-02T09:00")  # the frozen clock, ticking
    assert helpdesk_db("SELECT code, status, assignee_id FROM tickets WHERE id = 1037") == [
        ("TK-1037", "solved", 7)
    ]


def test_the_workflow_refuses_a_move_saying_what_may_follow(alice: ApiClient) -> None:
    refused = expect_error(alice.patch("/api/tickets/TK-1003", json={"status": "new"}), 409)
    assert refused["message"] == (
        "status: a open ticket cannot become new; from open it can become pending, on-hold, solved"
    )
    expect(alice.patch("/api/tickets/TK-1013", json={"status": "closed"}), 200)
    closed = expect_error(alice.patch("/api/tickets/TK-1013", json={"priority": "high"}), 409)
    assert "ticket TK-1013 is closed" in closed["message"]
    merged = expect_error(alice.patch("/api/tickets/TK-1017", json={"status": "open"}), 409)
    assert "(merged into TK-1016)" in merged["message"]


def test_reopening_a_solved_ticket_clears_its_solve(alice: ApiClient) -> None:
    reopened = expect(alice.patch("/api/tickets/TK-1029", json={"status": "open"}), 200)
    assert (reopened["status"], reopened["solved_at"]) == ("open", None)


def test_unassigning_clears_the_assignee_and_keeps_the_rest(alice: ApiClient) -> None:
    changed = expect(alice.patch("/api/tickets/TK-1003", json={"assignee": None}), 200)
    assert (changed["assignee"], changed["group"], changed["status"]) == (None, "Onsite IT", "open")


def test_an_assignee_outside_the_tickets_group_is_refused(alice: ApiClient) -> None:
    refused = alice.patch("/api/tickets/TK-1004", json={"assignee": "frank", "group": "Billing"})
    error = expect_error(refused, 422)
    assert error["message"].startswith("assignee: agent 'frank' is not in group 'Billing'")


def test_names_in_the_body_are_checked(alice: ApiClient) -> None:
    for body, field, words in [
        ({"assignee": "zed"}, "assignee", "no agent 'zed'"),
        ({"group": "Sales"}, "group", "no group 'Sales'"),
    ]:
        error = expect_error(alice.patch("/api/tickets/TK-1003", json=body), 422)
        assert error["message"].startswith(f"{field}: {words}")
    create = {"subject": "x", "requester_id": 99}
    error = expect_error(alice.post("/api/tickets", json=create), 422)
    assert error["message"].startswith("requester_id: no requester 99; find them with")


def test_strict_input_names_the_field(alice: ApiClient) -> None:
    for body, field in [
        ({"subject": "x", "requester_id": 14, "colour": "red"}, "colour"),
        (
            {"subject": "x", "requester_id": 14, "priority": "critical"},
            "priority",
        ),
        ({"subject": "", "requester_id": 14}, "subject"),
        ({"subject": "x", "requester_id": 14, "tags": ["two words"]}, "tags"),
    ]:
        error = expect_error(alice.post("/api/tickets", json=body), 422)
        assert field in str(error["details"]), (field, error)
    error = expect_error(
        alice.post("/api/tickets", json={"subject": "x", "requester_id": "zoe"}), 422
    )
    assert "requester_id" in str(error["details"])
    error = expect_error(alice.get("/api/tickets", params={"status": "done"}), 422)
    assert "status" in str(error["details"])


def test_a_light_agent_may_not_change_tickets(service: ApiClient) -> None:
    erin = service.as_user("erin", "erin-pass")
    refused = expect_error(erin.patch("/api/tickets/TK-1003", json={"priority": "high"}), 403)
    assert refused["message"] == (
        "only agents or admins can change tickets; you are light-agent; write an internal note "
        "instead"
    )
    body = {"subject": "x", "requester_id": 14}
    expect_error(erin.post("/api/tickets", json=body), 403)


def test_the_api_needs_a_login(service: ApiClient) -> None:
    assert service.get("/api/tickets").status_code == 401
