"""One expense service per test module, put back to its seeded state before every test."""

from __future__ import annotations

from tests.helpers import ApiClient, expect
from tests.service_fixtures import service_fixtures

# alice is an employee (Sales), bob her approver, carol in finance.
PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "carol": "carol-pass"}

globals().update(service_fixtures("expense", PASSWORDS, server="expense_process", client="expense"))


def new_draft(client: ApiClient, *items: dict) -> dict:
    """A fresh draft of ``client`` with ``items`` added."""
    report = expect(client.post("/api/reports", json={"title": "Client trip"}), 201)
    for item in items:
        expect(client.post(f"/api/reports/{report['id']}/items", json=item), 201)
    return expect(client.get(f"/api/reports/{report['id']}"), 200)


TAXI = {"spent_on": "2026-02-27", "merchant": "Yellow Cab", "category": "ground-transport",
        "amount": 18.4}  # fmt: skip
DINNER_EUR = {"spent_on": "2026-02-26", "merchant": "Brasserie Lipp", "category": "meals",
              "amount": 92.5, "currency": "EUR"}  # fmt: skip
