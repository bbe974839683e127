"""Working a ticket: replies and notes, solving, macros, merging duplicates and ratings, with
each declared error of their routes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import ApiClient, expect, expect_error


def test_a_first_public_reply_opens_a_new_ticket_and_stops_its_reply_clock(
    alice: ApiClient,
) -> None:
    reply = {"body": "We are on it: the CRM's login service is being restarted."}
    ticket = expect(alice.post("/api/tickets/TK-1001/comments", json=reply), 201)
    assert (ticket["status"], ticket["first_reply_at"] is not None) == ("open", True)
    assert ticket["sla"]["first_reply_breached"] is True  # 3 hours late, and stays late
    assert ticket["comments"][-1] == {
        **ticket["comments"][-1],
        "author": "alice",
        "public": True,
        "body": reply["body"],
    }


def test_an_internal_note_leaves_the_reply_clock_and_can_set_a_status(
    alice: ApiClient,
) -> None:
    note = {"body": "Same outage as TK-1001.", "public": False, "status": "on-hold"}
    ticket = expect(alice.post("/api/tickets/TK-1002/comments", json=note), 201)
    assert (ticket["status"], ticket["first_reply_at"]) == ("on-hold", None)
    assert ticket["comments"][-1]["public"] is False


def test_comments_are_refused_where_they_cannot_go(alice: ApiClient, service: ApiClient) -> None:
    assert (
        "is closed"
        in expect_error(alice.post("/api/tickets/TK-1016/comments", json={"body": "Hello?"}), 409)[
            "message"
        ]
    )
    expect_error(alice.post("/api/tickets/TK-9999/comments", json={"body": "x"}), 404)
    expect_error(alice.post("/api/tickets/TK-1003/comments", json={"body": ""}), 422)
    erin = service.as_user("erin", "erin-pass")
    expect_error(erin.post("/api/tickets/TK-1003/comments", json={"body": "Hi"}), 403)
    note = expect(
        erin.post("/api/tickets/TK-1003/comments", json={"body": "Seen", "public": False}), 201
    )
    assert note["comments"][-1]["author"] == "erin"
    on_new = {"body": "Seen it too", "public": False}
    assert expect(erin.post("/api/tickets/TK-1024/comments", json=on_new), 201)["status"] == "new"


def test_solving_replies_with_the_resolution(
    alice: ApiClient, helpdesk_db: Callable[[str], list[tuple]]
) -> None:
    body = {"resolution": "Python 3.11, pandas and numpy are installed."}
    solved = expect(alice.post("/api/tickets/TK-1011/solve", json=body), 200)
    assert (solved["status"], solved["resolution"]) == ("solved", body["resolution"])
    assert solved["comments"][-1]["body"] == body["resolution"]
    assert helpdesk_db("SELECT status, solved_at IS NOT NULL FROM tickets WHERE id = 1011") == [
        ("solved", 1)
    ]
    unassigned = expect(alice.post("/api/tickets/TK-1012/solve", json=body), 200)
    assert unassigned["assignee"] == "alice"  # solving takes an unassigned ticket


def test_solving_is_refused_on_closed_unknown_or_empty(
    alice: ApiClient, service: ApiClient
) -> None:
    body = {"resolution": "Done."}
    expect_error(alice.post("/api/tickets/TK-1016/solve", json=body), 409)
    expect_error(alice.post("/api/tickets/TK-0/solve", json=body), 404)
    expect_error(alice.post("/api/tickets/TK-1003/solve", json={"resolution": ""}), 422)
    erin = service.as_user("erin", "erin-pass")
    expect_error(erin.post("/api/tickets/TK-1003/solve", json=body), 403)


def test_a_macro_changes_fields_and_replies_with_placeholders_filled(alice: ApiClient) -> None:
    macros = expect(alice.get("/api/macros"), 200)["items"]
    by_name = {m["name"]: m["id"] for m in macros}
    ticket = expect(
        alice.post(
            "/api/tickets/TK-1005/macro", json={"macro_id": by_name["Customer not responding"]}
        ),
        200,
    )
    assert (ticket["status"], ticket["tags"]) == ("pending", ["awaiting-customer", "invoice"])
    reply = ticket["comments"][-1]
    assert reply["public"] and reply["body"].startswith("Hi Sam Li,\n\nWe have not heard back")
    assert "about TK-1005" in reply["body"] and reply["body"].endswith("Alice Martin")
    escalated = expect(
        alice.post(
            "/api/tickets/TK-1020/macro",
            json={"macro_id": by_name["Escalate to Technical Escalations"]},
        ),
        200,
    )
    assert (escalated["group"], escalated["priority"], escalated["assignee"]) == (
        "Technical Escalations",
        "high",
        None,  # alice is not in that group: the ticket leaves her desk
    )
    assert escalated["comments"][-1] == {
        **escalated["comments"][-1],
        "public": False,
        "body": "Escalated by Alice Martin: needs an engineer.",
    }


def test_take_it_assigns_the_caller_and_opens_the_ticket(service: ApiClient) -> None:
    grace = service.as_user("grace", "grace-pass")
    taken = expect(grace.post("/api/tickets/TK-1024/macro", json={"macro_id": 1}), 200)
    assert (taken["assignee"], taken["group"], taken["status"]) == (
        "grace",
        "Tier 1 Support",
        "open",
    )
    assert taken["comments"] == []  # "Take it" has no reply


def test_macros_are_refused_on_unknown_macros_and_closed_tickets(
    alice: ApiClient, service: ApiClient
) -> None:
    error = expect_error(alice.post("/api/tickets/TK-1003/macro", json={"macro_id": 99}), 422)
    assert error["message"] == "macro_id: no macro 99; list them with GET /api/macros"
    expect_error(alice.post("/api/tickets/TK-1016/macro", json={"macro_id": 1}), 409)
    expect_error(alice.post("/api/tickets/TK-99/macro", json={"macro_id": 1}), 404)
    erin = service.as_user("erin", "erin-pass")
    expect_error(erin.post("/api/tickets/TK-1003/macro", json={"macro_id": 1}), 403)


def test_merging_carries_the_comments_and_closes_the_duplicate(alice: ApiClient) -> None:
    kept = expect(alice.post("/api/tickets/TK-1007/merge", json={"merged_into": "tk-1006"}), 200)
    assert kept["code"] == "TK-1006"
    note = kept["comments"][-1]
    assert (note["public"], note["author"]) == (False, "alice")
    assert note["body"].startswith("TK-1007 (VPN keeps dropping) was merged into this ticket.")
    duplicate = expect(alice.get("/api/tickets/TK-1007"), 200)
    assert (duplicate["status"], duplicate["merged_into"]) == ("closed", "TK-1006")
    assert duplicate["comments"][-1]["body"].startswith("Merged into TK-1006")
    with_comments = expect(
        alice.post("/api/tickets/TK-1005/merge", json={"merged_into": "TK-1004"}), 200
    )
    carried = [c["body"] for c in with_comments["comments"]]
    assert "Hi Sam, could you send us your purchase order number?" in carried


@pytest.mark.parametrize(
    ("code", "into", "status", "words"),
    [
        ("TK-1006", "TK-1006", 422, "merged_into: TK-1006 is this ticket"),
        ("TK-1006", "TK-1016", 409, "ticket TK-1016 is closed"),
        ("TK-1006", "TK-5", 422, "merged_into: no ticket 'TK-5'"),
        ("TK-5", "TK-1006", 404, "no ticket 'TK-5'"),
    ],
)
def test_merges_that_cannot_be_done_are_refused(
    alice: ApiClient, code: str, into: str, status: int, words: str
) -> None:
    error = expect_error(
        alice.post(f"/api/tickets/{code}/merge", json={"merged_into": into}), status
    )
    assert words in error["message"]


def test_a_light_agent_may_not_merge(service: ApiClient) -> None:
    erin = service.as_user("erin", "erin-pass")
    expect_error(erin.post("/api/tickets/TK-1007/merge", json={"merged_into": "TK-1006"}), 403)


def test_ratings_go_on_solved_tickets_only(alice: ApiClient, service: ApiClient) -> None:
    rated = expect(
        alice.post(
            "/api/tickets/TK-1028/satisfaction", json={"score": "good", "comment": "Fast fix"}
        ),
        200,
    )
    assert (rated["satisfaction"], rated["satisfaction_comment"]) == ("good", "Fast fix")
    refused = expect_error(
        alice.post("/api/tickets/TK-1003/satisfaction", json={"score": "bad"}), 409
    )
    assert refused["message"] == (
        "satisfaction: only solved or closed tickets are rated; TK-1003 is open"
    )
    expect_error(alice.post("/api/tickets/TK-1017/satisfaction", json={"score": "bad"}), 409)
    expect_error(alice.post("/api/tickets/TK-1028/satisfaction", json={"score": "ok"}), 422)
    expect_error(alice.post("/api/tickets/TK-1/satisfaction", json={"score": "bad"}), 404)
    erin = service.as_user("erin", "erin-pass")
    expect_error(erin.post("/api/tickets/TK-1028/satisfaction", json={"score": "bad"}), 403)
