"""Reports (the open pipeline by stage and owner, won and lost in a period, exports) and
search over names, e-mails and companies."""

from __future__ import annotations

from typing import Any

from tests.helpers import ApiClient, expect, expect_error


def rows(client: ApiClient, **params: str) -> list[tuple[Any, ...]]:
    report = expect(client.get("/api/reports/pipeline", params=params), 200)
    return [
        (r["key"], r["currency"], r["count"], r["amount"], r["weighted_amount"])
        for r in report["rows"]
    ]


def test_the_pipeline_by_stage_in_stage_order(alice: ApiClient) -> None:
    found = rows(alice)
    stages = ["prospecting", "qualification", "proposal", "negotiation"]
    assert [r[0] for r in found] == sorted((r[0] for r in found), key=stages.index)
    assert ("negotiation", "USD", 5, 2_740_000.0, 2_055_000.0) in found
    assert ("prospecting", "EUR", 2, 45_000.0, 4_500.0) in found


def test_the_pipeline_by_owner(alice: ApiClient) -> None:
    found = rows(alice, group_by="owner")
    assert ("alice", "USD", 6, 790_000.0, 481_500.0) in found
    closed_too = rows(alice, group_by="owner", include_closed="true")
    assert ("alice", "USD", 10, 906_000.0, 545_500.0) in closed_too


def test_won_and_lost_in_a_period(alice: ApiClient) -> None:
    report = expect(
        alice.get("/api/reports/won-lost", params={"start": "2026-01-01", "end": "2026-03-31"}), 200
    )
    outcome = {(r["outcome"], r["currency"]): (r["count"], r["amount"]) for r in report["rows"]}
    assert outcome[("won", "USD")] == (2, 64_000.0)
    assert outcome[("lost", "USD")] == (3, 452_000.0)
    assert report["win_rate"] == 0.6 and len(report["deals"]) == 10
    february = expect(
        alice.get(
            "/api/reports/won-lost",
            params={"start": "2026-02-01", "end": "2026-02-28", "owner": "kenji"},
        ),
        200,
    )
    assert [d["name"] for d in february["deals"]] == [
        "Sakura: network monitoring",
        "Tyrell: support upgrade",
    ]
    backwards = expect_error(
        alice.get("/api/reports/won-lost", params={"start": "2026-03-01", "end": "2026-02-01"}), 422
    )
    assert backwards["message"].startswith("end: the period ends (2026-02-01) before it starts")


def test_a_report_is_exported_over_existing_accounts(carol: ApiClient) -> None:
    body = {"title": "VIP renewals", "account_codes": ["cus-001", "CUS-017"], "summary": "Two."}
    made = expect(carol.post("/api/reports/exports", json=body), 201)
    assert (made["account_codes"], made["created_by"]) == (["CUS-001", "CUS-017"], "carol")
    assert [e["title"] for e in expect(carol.get("/api/reports/exports"), 200)["items"]] == [
        "VIP renewals",
        "VIP accounts, renewals due",
    ]
    bad = {**body, "account_codes": ["CUS-001", "CUS-999"]}
    assert expect_error(carol.post("/api/reports/exports", json=bad), 422)["message"] == (
        "account_codes.1: no account 'CUS-999'; GET /api/accounts lists them"
    )


def test_search_finds_every_kind(alice: ApiClient) -> None:
    hits = expect(alice.get("/api/search", params={"q": "globex"}), 200)["hits"]
    assert [(h["kind"], h["key"]) for h in hits] == [
        ("account", "CUS-002"),
        ("contact", "3"),
        ("contact", "4"),
        ("deal", "3"),
        ("deal", "4"),
    ]
    by_company = expect(alice.get("/api/search", params={"q": "Quantum Leap"}), 200)["hits"]
    assert [(h["kind"], h["id"]) for h in by_company] == [("lead", 1), ("lead", 8)]
    assert "q" in expect_error(alice.get("/api/search", params={"q": "x"}), 422)["message"]
