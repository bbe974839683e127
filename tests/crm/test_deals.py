"""Deals: listed by close date with filters, opened on an account, moved through the stages
(closing stamps ``closed_at``, reopening clears it), probability by stage."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import ApiClient, expect, expect_error


def names(client: ApiClient, **params: str) -> list[str]:
    page = expect(client.get("/api/deals", params={"per_page": "100", **params}), 200)
    return [d["name"] for d in page["items"]]


def test_filters_narrow_the_deals(alice: ApiClient) -> None:
    assert names(alice, stage="negotiation", owner="kenji") == [
        "Oceanic: renewal and expansion",
        "Cyberdyne: renewal",
    ]
    assert names(alice, account="CUS-002") == [
        "Globex: renewal 2027",
        "Globex: new plant onboarding",
    ]
    assert names(alice, open="true", closing_before="2026-03-01") == [
        "Fabrikam: maintenance contract"
    ]
    assert len(names(alice, open="false")) == 10
    assert names(alice, q="ACME") == ["Acme: plant analytics rollout", "Acme: spare-parts portal"]


def test_a_deal_shows_its_stage_probability(alice: ApiClient) -> None:
    deal = expect(alice.get("/api/deals/1"), 200)
    assert (deal["stage"], deal["probability"], deal["account"]) == ("negotiation", 75, "CUS-001")
    missing = expect_error(alice.get("/api/deals/999"), 404)
    assert missing["message"] == "no deal 999; list them with GET /api/deals"


def test_a_page_of_deals_shows_each_as_its_read_by_id_does(bob: ApiClient) -> None:
    page = expect(bob.get("/api/deals", params={"per_page": "12", "page": "2"}), 200)
    assert (len(page["items"]), page["total"]) == (12, 30)
    closing = [(d["close_date"], d["id"]) for d in page["items"]]
    assert closing == sorted(closing)
    for item in page["items"]:
        assert expect(bob.get(f"/api/deals/{item['id']}"), 200) == item
    past = expect(bob.get("/api/deals", params={"per_page": "12", "page": "4"}), 200)
    assert (past["items"], past["total"]) == ([], 30)


def test_closing_a_deal_stamps_it_and_reopening_clears_it(alice: ApiClient) -> None:
    won = expect(alice.patch("/api/deals/1", json={"stage": "closed_won"}), 200)
    assert (won["probability"], won["closed_at"][:10]) == (100, "2026-03-02")
    still = expect(
        alice.patch("/api/deals/1", json={"stage": "closed_lost", "lost_reason": "x"}), 200
    )
    assert still["closed_at"] == won["closed_at"]  # closed already: the first close stands
    reopened = expect(alice.patch("/api/deals/1", json={"stage": "proposal"}), 200)
    assert (reopened["closed_at"], reopened["probability"]) == (None, 50)


def test_a_deal_is_opened_on_an_account_with_a_contact_there(alice: ApiClient) -> None:
    body = {"name": "Acme: training", "account": "CUS-001", "amount": 1234.567,
            "close_date": "2026-05-01", "currency": "EUR"}  # fmt: skip
    made = expect(alice.post("/api/deals", json={**body, "contact_id": 2}), 201)
    assert (made["amount"], made["currency"], made["owner"], made["stage"]) == (
        1234.57,
        "EUR",
        "alice",
        "prospecting",
    )
    elsewhere = expect_error(alice.post("/api/deals", json={**body, "contact_id": 3}), 422)
    assert elsewhere["message"] == "contact_id: contact 3 is not at the deal's account"
    bad = expect_error(alice.post("/api/deals", json={**body, "currency": "euro"}), 422)
    assert "currency" in bad["message"]
    bad = expect_error(alice.post("/api/deals", json={**body, "stage": "won"}), 422)
    assert "stage" in bad["message"]


def test_only_the_owner_or_a_manager_changes_or_deletes_a_deal(
    bob: ApiClient, carol: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    expect_error(bob.patch("/api/deals/1", json={"amount": 1}), 403)
    expect_error(bob.delete("/api/deals/1"), 403)
    assert carol.delete("/api/deals/1").status_code == 204
    expect_error(carol.get("/api/deals/1"), 404)
    kept = "SELECT subject, deal_id FROM {} WHERE account_id = 1 AND subject LIKE '%order form%'"
    assert crm_db(kept.format("tasks")) == [("Send revised order form to Jane", None)]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("PATCH", "/api/deals/1", {"stage": "closed_lost"}),
        ("PATCH", "/api/deals/1", {"stage": "closed_lost", "lost_reason": "   "}),
        (
            "POST",
            "/api/deals",
            {
                "name": "Lost at once",
                "account": "CUS-001",
                "close_date": "2026-05-01",
                "stage": "closed_lost",
            },
        ),
    ],
)
def test_a_deal_lost_says_why(alice: ApiClient, method: str, path: str, body: dict) -> None:
    """As HubSpot's required "Closed lost reason": refused at lost_reason, nothing changed."""
    before = expect(alice.get("/api/deals/1"), 200)
    refused = expect(alice.request(method, path, json=body), 422)
    assert [d["loc"] for d in refused["error"]["details"]] == [["body", "lost_reason"]], refused
    assert "needs its lost reason" in refused["error"]["message"], refused
    assert expect(alice.get("/api/deals/1"), 200) == before


def test_a_lost_deal_keeps_its_reason_until_it_is_reopened(alice: ApiClient) -> None:
    lost = {"stage": "closed_lost", "lost_reason": "Chose a cheaper vendor"}
    expect(alice.patch("/api/deals/1", json=lost), 200)
    expect(alice.patch("/api/deals/1", json={"lost_reason": ""}), 422)  # still lost: needs one
    expect(alice.patch("/api/deals/1", json={"amount": 10}), 200)  # its reason stands
    reopened = expect(
        alice.patch("/api/deals/1", json={"stage": "proposal", "lost_reason": ""}), 200
    )
    assert (reopened["stage"], reopened["lost_reason"]) == ("proposal", "")
