"""Views, requesters, organisations, groups and SLA targets."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error


def test_views_count_what_they_list(alice: ApiClient, bob: ApiClient) -> None:
    counts = {v["name"]: v["count"] for v in expect(alice.get("/api/views"), 200)["items"]}
    assert list(counts) == [
        "my-open", "unassigned", "breaching", "new", "open", "pending", "on-hold", "solved",
        "closed",
    ]  # fmt: skip
    assert (counts["my-open"], counts["unassigned"], counts["new"], counts["closed"]) == (
        4,
        8,
        7,
        2,
    )
    for name, count in counts.items():
        listed = expect(alice.get(f"/api/views/{name}", params={"per_page": 100}), 200)
        assert listed["total"] == count == len(listed["items"]), name
    mine = expect(bob.get("/api/views/my-open"), 200)["items"]
    assert {t["assignee"] for t in mine} == {"bob"}


def test_the_breaching_view_lists_unsolved_tickets_past_a_target(alice: ApiClient) -> None:
    items = expect(alice.get("/api/views/breaching", params={"per_page": 100}), 200)["items"]
    assert all(t["status"] in ("new", "open", "pending", "on-hold") for t in items)
    assert all(t["sla"]["first_reply_breached"] or t["sla"]["resolution_breached"] for t in items)
    expect(alice.post("/api/tickets/TK-1018/solve", json={"resolution": "Page fixed."}), 200)
    after = expect(alice.get("/api/views/breaching", params={"per_page": 100}), 200)
    assert "TK-1018" not in [t["code"] for t in after["items"]]
    assert after["total"] == len(items) - 1


def test_an_unknown_view_names_the_views(alice: ApiClient) -> None:
    message = expect_error(alice.get("/api/views/mine"), 404)["message"]
    assert message.startswith("no view 'mine'; the views are my-open, unassigned, breaching")


def test_requesters_are_found_by_name_email_or_organisation(alice: ApiClient) -> None:
    def names(**params: str) -> list[str]:
        page = expect(alice.get("/api/requesters", params={"per_page": 100, **params}), 200)
        return [r["name"] for r in page["items"]]

    assert names(q="gonz") == ["Maria Gonzalez", "Mario Gonzales"]
    assert names(organization="initrode") == ["Nina Kowalski", "Sam Li"]
    assert len(names()) == 14
    error = expect_error(alice.get("/api/requesters", params={"organization": "Initek"}), 422)
    assert error["message"].startswith("organization: no organization 'Initek'")


def test_a_requester_shows_their_tickets(alice: ApiClient) -> None:
    maria = expect(alice.get("/api/requesters/1"), 200)
    assert (maria["email"], maria["organization"]) == (
        "maria.gonzalez@northwind.example",
        "Northwind Traders",
    )
    assert [t["code"] for t in maria["tickets"]] == ["TK-1001", "TK-1003", "TK-1015", "TK-1036"]
    assert "no requester 99" in expect_error(alice.get("/api/requesters/99"), 404)["message"]


def test_a_requester_is_added_once_per_email(alice: ApiClient, service: ApiClient) -> None:
    body = {
        "name": "Ines Duarte",
        "email": "Ines.Duarte@Globex.example",
        "organization": "Globex Corporation",
    }
    added = expect(alice.post("/api/requesters", json=body), 201)
    assert (added["email"], added["organization"]) == (
        "ines.duarte@globex.example",
        "Globex Corporation",
    )
    again = expect_error(alice.post("/api/requesters", json=body), 409)
    assert "already has the email 'ines.duarte@globex.example'" in again["message"]
    expect_error(alice.post("/api/requesters", json={**body, "email": "not-an-email"}), 422)
    unknown = {**body, "email": "x@globex.example", "organization": "Globex"}
    assert expect_error(alice.post("/api/requesters", json=unknown), 422)["message"].startswith(
        "organization: no organization 'Globex'"
    )
    erin = service.as_user("erin", "erin-pass")
    expect_error(erin.post("/api/requesters", json={**body, "email": "y@globex.example"}), 403)
    ticket = {"subject": "Onboarding", "requester_id": added["id"]}
    assert expect(alice.post("/api/tickets", json=ticket), 201)["requester_name"] == "Ines Duarte"


def test_organisations_groups_and_sla_targets(alice: ApiClient) -> None:
    orgs = expect(alice.get("/api/organizations"), 200)["items"]
    assert [(o["name"], o["external_id"], o["requesters"]) for o in orgs][:2] == [
        ("Acme Logistics", "CUS-1006", 2),
        ("Globex Corporation", "CUS-1002", 2),
    ]
    groups = {
        g["name"]: [a["username"] for a in g["agents"]]
        for g in expect(alice.get("/api/groups"), 200)["items"]
    }
    assert groups["Tier 1 Support"] == ["alice", "erin", "grace"]
    sla = expect(alice.get("/api/sla"), 200)["items"]
    assert sla[0] == {"priority": "urgent", "first_reply_minutes": 60, "resolution_minutes": 480}
