"""Contacts (one primary per account, unlinked when deleted) and leads, converted once into a
contact at a new or existing account and optionally a deal."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect, expect_error


def test_contacts_filter_by_account_and_text(alice: ApiClient) -> None:
    def names(**params: str) -> list[str]:
        found = expect(alice.get("/api/contacts", params=params), 200)["items"]
        return [c["name"] for c in found]

    assert names(account="CUS-001") == ["Jane Doe", "Raj Patel"]
    assert names(q="ACME.COM") == ["Jane Doe", "Jane Doe", "Raj Patel"]
    assert (
        expect_error(alice.get("/api/contacts", params={"account": "CUS-404"}), 422)["message"]
        == "account: no account 'CUS-404'; GET /api/accounts lists them"
    )


def test_a_new_primary_contact_replaces_the_old_one(
    alice: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    body = {"first_name": "Wile", "last_name": "Coyote", "email": "wile@acme.com"}
    made = expect(
        alice.post("/api/contacts", json={**body, "account": "cus-001", "primary": True}), 201
    )
    assert (made["account"], made["primary"], made["owner"]) == ("CUS-001", True, "alice")
    assert crm_db('SELECT id FROM contacts WHERE account_id = 1 AND "primary"') == [(made["id"],)]
    assert expect(alice.get("/api/accounts/CUS-001"), 200)["contact_person"] == "Wile Coyote"


def test_only_the_accounts_owner_or_a_manager_names_its_primary_contact(
    alice: ApiClient, carol: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    """Making a contact primary changes who the account's contact person is: an account edit,
    even when the contact is the caller's own (a red team took bob's account this way)."""
    before = crm_db('SELECT id FROM contacts WHERE account_id = 5 AND "primary"')
    body = {"first_name": "Mallory", "last_name": "X", "account": "CUS-005", "primary": True}
    refused = expect_error(alice.post("/api/contacts", json=body), 403)
    assert (
        "only its owner, Bob Chen, or a manager (Carol Diaz) may change it" in refused["message"]
    ), refused
    mine = expect(alice.post("/api/contacts", json={**body, "primary": False}), 201)
    expect_error(alice.patch(f"/api/contacts/{mine['id']}", json={"primary": True}), 403)
    assert crm_db('SELECT id FROM contacts WHERE account_id = 5 AND "primary"') == before
    assert expect(carol.patch(f"/api/contacts/{mine['id']}", json={"primary": True}), 200)[
        "primary"
    ]  # a manager may


def test_null_clears_a_contacts_email_and_account(alice: ApiClient) -> None:
    changed = expect(alice.patch("/api/contacts/2", json={"email": None, "account": None}), 200)
    assert (changed["email"], changed["account"], changed["primary"]) == (None, None, False)
    assert expect(alice.patch("/api/contacts/2", json={"phone": None}), 200)["phone"] != ""


def test_a_contact_without_an_account_cannot_be_primary(alice: ApiClient) -> None:
    error = expect_error(alice.patch("/api/contacts/37", json={"primary": True}), 422)
    assert error["message"].startswith("primary: only a contact at an account")


def test_deleting_a_contact_keeps_its_deal_without_it(
    alice: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    assert alice.delete("/api/contacts/1").status_code == 204
    assert crm_db("SELECT contact_id FROM deals WHERE id = 1") == [(None,)]
    expect_error(alice.get("/api/contacts/1"), 404)
    expect_error(alice.delete("/api/contacts/16"), 403)  # bob's


def test_a_lead_converts_into_an_account_contact_and_deal(
    erin: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    body = {"create_deal": True, "amount": 25000, "close_date": "2026-04-30"}
    lead = expect(erin.post("/api/leads/1/convert", json=body), 200)
    assert lead["status"] == "converted" and lead["converted_at"].startswith("2026-03-02T09:0")
    account = expect(erin.get(f"/api/accounts/{lead['account']}"), 200)
    assert (account["name"], account["owner"], account["contact_person"]) == (
        "Quantum Leap Labs",
        "erin",
        "Olivia Reyes",
    )
    deal = expect(erin.get(f"/api/deals/{lead['deal_id']}"), 200)
    assert (deal["name"], deal["amount"], deal["contact_id"], deal["stage"]) == (
        "Quantum Leap Labs: Olivia Reyes",
        25000.0,
        lead["contact_id"],
        "prospecting",
    )
    again = expect_error(erin.post("/api/leads/1/convert", json={}), 409)
    assert again["message"] == (
        f"lead 1 was already converted into contact {lead['contact_id']}; "
        "change that contact instead"
    )
    assert crm_db("SELECT count(*) FROM accounts WHERE name = 'Quantum Leap Labs'") == [(1,)]


def test_a_lead_converts_into_an_existing_account_without_a_deal(erin: ApiClient) -> None:
    lead = expect(erin.post("/api/leads/11/convert", json={"account": "CUS-027"}), 200)
    assert (lead["account"], lead["deal_id"]) == ("CUS-027", None)
    contact = expect(erin.get(f"/api/contacts/{lead['contact_id']}"), 200)
    assert (contact["name"], contact["account"]) == ("Omar Haddad", "CUS-027")


def test_conversion_refusals(erin: ApiClient, alice: ApiClient) -> None:
    assert "unqualified" in expect_error(erin.post("/api/leads/7/convert", json={}), 409)["message"]
    orphan = expect_error(alice.post("/api/leads/12/convert", json={}), 422)  # no company
    assert orphan["message"].startswith("account: lead 12 names no company")
    loose = expect_error(erin.post("/api/leads/1/convert", json={"amount": 5}), 422)
    assert loose["message"].startswith("create_deal:")
    expect_error(alice.post("/api/leads/1/convert", json={}), 403)  # erin's lead
    expect_error(alice.post("/api/leads/99/convert", json={}), 404)


def test_leads_are_created_filtered_and_changed(alice: ApiClient) -> None:
    made = expect(alice.post("/api/leads", json={"first_name": "Ann", "company": "Ann Co"}), 201)
    assert (made["status"], made["source"], made["owner"]) == ("new", "web", "alice")
    changed = expect(alice.patch(f"/api/leads/{made['id']}", json={"status": "working"}), 200)
    assert changed["status"] == "working"
    refused = expect_error(
        alice.patch(f"/api/leads/{made['id']}", json={"status": "converted"}), 422
    )
    assert "status" in refused["message"]
    found = expect(alice.get("/api/leads", params={"q": "quantum"}), 200)["items"]
    assert sorted(x["id"] for x in found) == [1, 8]
