"""Duplicates found by normalised e-mail, company name or domain, and merged keeping one."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect, expect_error


def groups(client: ApiClient, kind: str) -> list[tuple[str, list[int]]]:
    found = expect(client.get("/api/duplicates", params={"kind": kind}), 200)["groups"]
    return [(g["reason"], g["ids"]) for g in found]


def test_duplicates_by_email_name_and_domain(alice: ApiClient) -> None:
    assert groups(alice, "contacts") == [("email jane.doe@acme.com", [1, 28])]
    assert groups(alice, "accounts") == [("name acme", [1, 21])]  # Initech/Initrode are not
    assert groups(alice, "leads") == [("email olivia.reyes@quantumleap.io", [1, 8])]
    accounts = expect(alice.get("/api/duplicates", params={"kind": "accounts"}), 200)["groups"]
    assert accounts[0]["keys"] == ["CUS-001", "CUS-021"]


def test_a_domain_alone_makes_a_duplicate(alice: ApiClient) -> None:
    expect(
        alice.post(
            "/api/accounts", json={"name": "Hooli XYZ Labs", "domain": "https://www.hooli.xyz"}
        ),
        201,
    )
    assert ("domain hooli.xyz", [8, 29]) in groups(alice, "accounts")


def test_merging_contacts_moves_their_records(
    carol: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    kept = expect(carol.post("/api/contacts/1/merge", json={"duplicate_id": 28}), 200)
    assert (kept["id"], kept["account"], kept["primary"]) == (1, "CUS-001", True)
    assert crm_db("SELECT contact_id FROM activities WHERE subject = 'Duplicate Acme record?'") == [
        (1,)
    ]
    assert crm_db("SELECT id FROM contacts WHERE id = 28") == []
    assert groups(carol, "contacts") == []


def test_merging_accounts_moves_everything_and_fills_gaps(
    carol: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    kept = expect(carol.post("/api/accounts/CUS-001/merge", json={"duplicate": "cus-021"}), 200)
    assert (kept["code"], kept["contact_person"]) == ("CUS-001", "Jane Doe")
    assert crm_db("SELECT count(*) FROM contacts WHERE account_id = 1") == [(3,)]
    assert crm_db("SELECT account_id FROM tasks WHERE subject LIKE 'Merge the duplicate%'") == [
        (1,)
    ]
    assert crm_db('SELECT count(*) FROM contacts WHERE account_id = 1 AND "primary"') == [(1,)]
    expect_error(carol.get("/api/accounts/CUS-021"), 404)


def test_merge_refusals(alice: ApiClient, carol: ApiClient) -> None:
    itself = expect_error(carol.post("/api/contacts/1/merge", json={"duplicate_id": 1}), 422)
    assert itself["message"] == "duplicate_id: a contact cannot be merged into itself"
    expect_error(alice.post("/api/contacts/1/merge", json={"duplicate_id": 28}), 403)  # erin's
    expect_error(carol.post("/api/contacts/1/merge", json={"duplicate_id": 999}), 404)
    expect_error(carol.post("/api/accounts/CUS-001/merge", json={"duplicate": "CUS-001"}), 422)
    expect_error(carol.post("/api/accounts/CUS-001/merge", json={"duplicate": "CUS-404"}), 404)


def test_merging_leads_fills_gaps_and_deletes_the_duplicate(
    carol: ApiClient, crm_db: Callable[[str], list[tuple]]
) -> None:
    expect(carol.patch("/api/leads/1", json={"phone": "", "notes": ""}), 200)
    expect(
        carol.patch("/api/leads/8", json={"phone": "+1 415 555 0142", "notes": "Met at expo"}), 200
    )
    kept = expect(carol.post("/api/leads/1/merge", json={"duplicate_id": 8}), 200)
    assert (kept["id"], kept["email"], kept["source"]) == (1, "olivia.reyes@quantumleap.io", "web")
    assert (kept["phone"], kept["notes"]) == ("+1 415 555 0142", "Met at expo")
    assert crm_db("SELECT id FROM leads WHERE id = 8") == []
    assert groups(carol, "leads") == []


def test_lead_merge_refusals(alice: ApiClient, carol: ApiClient) -> None:
    itself = expect_error(carol.post("/api/leads/1/merge", json={"duplicate_id": 1}), 422)
    assert itself["message"] == "duplicate_id: a lead cannot be merged into itself"
    expect_error(alice.post("/api/leads/1/merge", json={"duplicate_id": 8}), 403)  # erin's
    expect_error(carol.post("/api/leads/1/merge", json={"duplicate_id": 999}), 404)
    expect_error(carol.post("/api/leads/1/merge", json={"duplicate": 8}), 422)
    converted = expect_error(carol.post("/api/leads/1/merge", json={"duplicate_id": 18}), 409)
    assert "lead 18 was already converted" in converted["message"]
    expect(carol.get("/api/leads/8"), 200)  # nothing merged by a refused call
