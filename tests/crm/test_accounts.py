"""Accounts: listed with filters, read by code, created, changed by their owner or a manager,
deleted once nothing hangs on them; strict input; owners and territories."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO


def codes(client: ApiClient, **params: str) -> list[str]:
    page = expect(client.get("/api/accounts", params={"per_page": "100", **params}), 200)
    return [a["code"] for a in page["items"]]


def test_filters_narrow_the_accounts(alice: ApiClient) -> None:
    assert len(codes(alice)) == 28
    assert codes(alice, tier="vip", status="active") == [
        "CUS-001",
        "CUS-002",
        "CUS-022",
        "CUS-017",
        "CUS-010",
        "CUS-007",
    ]
    assert codes(alice, industry="healthcare") == ["CUS-013", "CUS-005"]
    assert codes(alice, q="acme") == ["CUS-021", "CUS-001"]
    assert codes(alice, owner="kenji", territory="apac") == [
        "CUS-011",
        "CUS-017",
        "CUS-025",
        "CUS-010",
    ]
    assert codes(alice, account_type="supplier") == ["CUS-023"]
    assert codes(alice, status="") == codes(alice)  # an empty filter filters nothing


def test_an_unknown_owner_or_territory_is_refused_naming_it(alice: ApiClient) -> None:
    error = expect_error(alice.get("/api/accounts", params={"owner": "zed"}), 422)
    assert error["message"] == "owner: no owner 'zed'; GET /api/owners lists them"
    error = expect_error(alice.get("/api/accounts", params={"tier": "gold"}), 422)
    assert "tier" in error["message"]


def test_an_account_shows_its_primary_contact(alice: ApiClient) -> None:
    acme = expect(alice.get("/api/accounts/cus-001"), 200)  # any case
    assert (acme["code"], acme["name"], acme["owner"]) == ("CUS-001", "Acme Corporation", "alice")
    assert (acme["contact_person"], acme["email"]) == ("Jane Doe", "jane.doe@acme.com")
    assert acme["last_contact"] == "2026-03-01"  # the mail of -1d
    assert expect(alice.get("/api/accounts/CUS-016"), 200)["territory"] == "North America East"


def test_a_missing_account_says_how_accounts_are_addressed(alice: ApiClient) -> None:
    assert expect_error(alice.get("/api/accounts/CUS-999"), 404)["message"] == (
        "no account 'CUS-999'; list them with GET /api/accounts"
    )
    message = expect_error(alice.get("/api/accounts/7"), 404)["message"]
    assert message.startswith("accounts are addressed by code, e.g. ")


@OVER_HTTP_TOO
def test_an_account_is_created_changed_and_deleted(
    alice: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    body = {"name": "Quantum Leap Labs", "domain": "quantumleap.io", "tier": "core"}
    created = expect(alice.post("/api/accounts", json={**body, "territory": "emea"}), 201)
    assert (created["code"], created["owner"], created["territory"]) == ("CUS-029", "alice", "EMEA")
    assert (created["status"], created["account_type"]) == ("active", "customer")
    changed = expect(
        alice.patch("/api/accounts/CUS-029", json={"status": "prospect", "territory": None}), 200
    )
    assert (changed["status"], changed["territory"], changed["tier"]) == ("prospect", None, "core")
    assert crm_db("SELECT status, territory_id FROM accounts WHERE code = 'CUS-029'") == [
        ("prospect", None)
    ]
    assert alice.delete("/api/accounts/CUS-029").status_code == 204
    assert crm_db("SELECT id FROM accounts WHERE code = 'CUS-029'") == []


def test_a_taken_code_is_a_conflict(alice: ApiClient) -> None:
    refused = alice.post("/api/accounts", json={"name": "Acme again", "code": "CUS-001"})
    assert expect_error(refused, 409)["message"].startswith("account CUS-001 exists already")


def test_only_the_owner_or_a_manager_changes_an_account(bob: ApiClient, carol: ApiClient) -> None:
    refused = bob.patch("/api/accounts/CUS-001", json={"tier": "core"})
    assert expect_error(refused, 403)["message"] == (
        "'Acme Corporation': only its owner, Alice Martin, or a manager (Carol Diaz) may change it"
    )
    assert (
        expect(carol.patch("/api/accounts/CUS-001", json={"owner": "bob"}), 200)["owner"] == "bob"
    )
    assert expect(bob.patch("/api/accounts/CUS-001", json={"tier": "core"}), 200)["tier"] == "core"


def test_an_account_with_records_is_not_deleted(alice: ApiClient) -> None:
    message = expect_error(alice.delete("/api/accounts/CUS-001"), 409)["message"]
    assert message.startswith("account CUS-001 still has 2 contacts; move or delete them first")


def test_strict_input_names_the_field(alice: ApiClient) -> None:
    unknown = expect_error(alice.post("/api/accounts", json={"name": "X", "revenue": 1}), 422)
    assert "revenue" in unknown["message"]
    bad = expect_error(alice.post("/api/accounts", json={"name": "X", "size": "huge"}), 422)
    assert "size" in bad["message"]
    bad = expect_error(alice.patch("/api/accounts/CUS-001", json={"satisfaction": 7}), 422)
    assert "satisfaction" in bad["message"]


def test_owners_and_territories(alice: ApiClient) -> None:
    owners = expect(alice.get("/api/owners"), 200)["items"]
    assert [(o["username"], o["role"], o["territory"]) for o in owners][:3] == [
        ("alice", "rep", "North America East"),
        ("bob", "rep", "EMEA"),
        ("carol", "manager", None),
    ]
    territories = expect(alice.get("/api/territories"), 200)["items"]
    assert [(t["name"], t["owners"], t["accounts"]) for t in territories] == [
        ("APAC", ["kenji"], 4),
        ("EMEA", ["bob", "erin"], 9),
        ("North America East", ["alice"], 9),
        ("North America West", ["dave"], 6),
    ]


def test_the_api_needs_a_login(service: ApiClient) -> None:
    assert service.get("/api/accounts").status_code == 401


def test_a_new_accounts_code_skips_one_a_seed_took(alice: ApiClient) -> None:
    taken = expect(alice.post("/api/accounts", json={"name": "Pinned", "code": "CUS-030"}), 201)
    assert taken["id"] == 29
    assert expect(alice.post("/api/accounts", json={"name": "Next"}), 201)["code"] == "CUS-031"
