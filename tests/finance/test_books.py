"""The Finance API in process: balances derived from transactions, re-categorising, invoices
and their payments, reconciliation, budgets, recurring payments and CSV statements; owners,
auditors and bad input field by field (see conftest for the seed)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import requests

from tests.helpers import ApiClient, expect
from tests.service_fixtures import OVER_HTTP_TOO


def _error(response: requests.Response, status: int) -> str:
    assert response.status_code == status, response.text
    return str(response.json()["error"]["message"])


@OVER_HTTP_TOO
def test_a_transaction_moves_the_balance_and_pending_ones_only_the_available(
    alice: ApiClient,
) -> None:
    before = expect(alice.get("/api/accounts/1"), 200)
    body = {"account_id": 1, "amount": -100.25, "merchant": "Staples"}
    added = expect(alice.post("/api/transactions", json=body), 201)
    assert (added["category"], added["status"]) == ("Office supplies", "posted")
    after = expect(alice.get("/api/accounts/1"), 200)
    assert round(before["balance"] - after["balance"], 2) == 100.25
    pending = {**body, "status": "pending"}
    expect(alice.post("/api/transactions", json=pending), 201)
    later = expect(alice.get("/api/accounts/1"), 200)
    assert later["balance"] == after["balance"]
    assert round(after["available"] - later["available"], 2) == 100.25


def test_a_transaction_may_be_dated_today_but_not_later(alice: ApiClient) -> None:
    body = {"account_id": 1, "amount": -12.5, "merchant": "Staples"}
    later = alice.post("/api/transactions", json={**body, "date": "2026-03-03"})
    assert _error(later, 422) == "date: 2026-03-03 is after today (2026-03-02)"
    expect(alice.post("/api/transactions", json={**body, "date": "2026-03-02"}), 201)


def test_recategorising_a_merchant_refiles_all_its_transactions(
    alice: ApiClient, finance_db: Callable[[str], list[tuple]]
) -> None:
    body = {"category": "Office supplies", "apply_to_merchant": True}
    answer = expect(alice.post("/api/transactions/50/category", json=body), 200)
    assert (answer["category"], answer["recategorized"]) == ("Office supplies", 4)
    amazon = expect(alice.get("/api/transactions", params={"merchant": "Amazon"}), 200)
    assert {t["category"] for t in amazon["items"]} == {"Office supplies"}
    default = "SELECT c.name FROM merchants m JOIN categories c ON c.id = m.category_id "
    assert finance_db(default + "WHERE m.name = 'Amazon'") == [("Office supplies",)]


def test_invoice_statuses_are_computed_on_the_frozen_clock(alice: ApiClient) -> None:
    overdue = expect(alice.get("/api/invoices", params={"status": "overdue"}), 200)
    assert [i["code"] for i in overdue["items"]] == ["INV-0013", "INV-0003", "INV-0004"]
    assert expect(alice.get("/api/invoices/INV-0004"), 200)["days_overdue"] == 10
    assert expect(alice.get("/api/invoices/INV-0010"), 200)["status"] == "partly_paid"


def test_a_payment_reconciles_the_suggested_match(
    alice: ApiClient, finance_db: Callable[[str], list[tuple]]
) -> None:
    found = expect(alice.get("/api/reconciliation"), 200)
    assert found["suggestions"][:2] == [
        {"transaction_id": 27, "invoice": "INV-0004", "amount": 3200.0,
         "reasons": ["amount", "party"]},
        {"transaction_id": 28, "invoice": "INV-0015", "amount": 385.5,
         "reasons": ["amount", "party"]},
    ]  # fmt: skip
    paid = expect(alice.post("/api/invoices/INV-0004/payments", json={"transaction_id": 27}), 201)
    assert (paid["status"], paid["balance_due"]) == ("paid", 0.0)
    assert finance_db("SELECT status, paid_cents FROM invoices WHERE code = 'INV-0004'") == [
        ("paid", 320000)
    ]
    again = alice.post("/api/invoices/INV-0006/payments", json={"transaction_id": 27})
    assert "already pays INV-0004" in _error(again, 409)
    wrong_way = alice.post("/api/invoices/INV-0006/payments", json={"transaction_id": 28})
    assert "transaction_id" in _error(wrong_way, 422)
    draft = alice.post("/api/invoices/INV-0007/payments", json={"transaction_id": 26})
    assert "finalize it first" in _error(draft, 409)


def test_a_budget_alert_is_kept_once_passed(
    alice: ApiClient, finance_db: Callable[[str], list[tuple]]
) -> None:
    body = {"account_id": 3, "amount": -500, "merchant": "Whole Foods Market"}
    expect(alice.post("/api/transactions", json=body), 201)
    groceries = expect(alice.get("/api/budgets"), 200)["items"][1]
    assert (groceries["category"], groceries["spent"], groceries["alert"]) == (
        "Groceries", 587.35, True,
    )  # fmt: skip
    assert finance_db("SELECT alerted_at IS NOT NULL FROM budgets WHERE id = 9") == [(1,)]


def test_recurring_payments_pause_resume_and_cancel(alice: ApiClient) -> None:
    paused = expect(alice.post("/api/recurring/4/resume"), 200)
    assert (paused["status"], paused["next_date"]) == ("active", "2026-03-14")
    cancelled = expect(alice.post("/api/recurring/1/cancel"), 200)
    assert (cancelled["status"], cancelled["next_date"]) == ("cancelled", None)
    assert "cancelled" in _error(alice.post("/api/recurring/1/pause"), 409)
    late = alice.post("/api/recurring", json={"account_id": 1, "payee": "X", "amount": 5,
                                              "next_date": "2026-02-01"})  # fmt: skip
    assert "next_date" in _error(late, 422)


def test_a_statement_exports_and_imports_as_csv(alice: ApiClient) -> None:
    period = {"start": "2026-02-01", "end": "2026-02-28"}
    csv = alice.get("/api/accounts/2/statement.csv", params=period)
    assert csv.status_code == 200 and csv.headers["Content-Type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert lines[0] == "date,amount,currency,merchant,category,memo,status"
    assert lines[1] == "2026-02-15,500.00,USD,,Transfer,From checking,posted"
    imported = expect(alice.post("/api/accounts/4/statement", json={"csv": csv.text}), 403)
    assert "belongs to another account" in imported["error"]["message"]
    added = expect(alice.post("/api/accounts/2/statement", json={"csv": csv.text}), 201)
    assert added["imported"] == len(lines) - 1


def test_a_bad_statement_names_each_line_and_column_and_imports_nothing(
    alice: ApiClient, finance_db: Callable[[str], list[tuple]]
) -> None:
    text = ("date,amount,merchant,category\n2026-02-01,-12.5,Uber,Transport\n"
            "02/03/2026,-3,Uber,Transport\n2026-02-04,12,50,Uber,Transport\n"
            "2026-02-05,-7.123,Uber,Nope\n")  # fmt: skip
    refused = alice.post("/api/accounts/1/statement", json={"csv": text})
    message = _error(refused, 422)
    assert "line 3, column date: expected a date YYYY-MM-DD" in message
    assert "line 4: expected 4 fields (the header's), got 5" in message
    assert "line 5, column amount" in message and "line 5, column category" in message
    assert finance_db("SELECT count(*) FROM transactions") == [(147,)]
    header = _error(alice.post("/api/accounts/1/statement", json={"csv": "day,amount\n"}), 422)
    assert "line 1, column day: unknown column" in header


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/transactions", {"account_id": 1, "amount": 0}, "amount"),
        ("/api/transactions", {"account_id": 1, "amount": -1.234}, "amount"),
        ("/api/transactions", {"account_id": 1, "amount": -1, "colour": "red"}, "colour"),
        ("/api/transactions", {"account_id": 1, "amount": -1, "category": "Nope"}, "category"),
        ("/api/transactions", {"account_id": 99, "amount": -1}, "account_id"),
        ("/api/invoices", {"direction": "issued", "contact": "Copperline Printing",
                           "lines": [{"description": "x", "unit_price": 1}]}, "contact"),
        ("/api/invoices", {"direction": "issued", "contact": "Initech", "lines": []}, "lines"),
        ("/api/budgets", {"category": "Interest", "limit": 10}, "category"),
        ("/api/budgets", {"category": "Dining", "limit": 10, "month": "2026-13"}, "month"),
    ],
)  # fmt: skip
def test_bad_input_names_the_field_and_writes_nothing(
    alice: ApiClient,
    finance_db: Callable[[str], list[tuple]],
    path: str,
    body: dict,
    field: str,
) -> None:
    before = finance_db(
        "SELECT (SELECT count(*) FROM transactions), (SELECT count(*) FROM invoices)"
    )
    refused = alice.post(path, json=body)
    assert field in _error(refused, 422)
    assert (
        finance_db("SELECT (SELECT count(*) FROM transactions), (SELECT count(*) FROM invoices)")
        == before
    )


def test_owners_and_auditors(alice: ApiClient, bob: ApiClient, dave: ApiClient) -> None:
    refused = _error(alice.get("/api/transactions/142"), 403)
    assert refused == "transaction 142 belongs to another account"
    assert [a["owner"] for a in expect(bob.get("/api/accounts"), 200)["items"]] == ["bob"]
    assert len(expect(dave.get("/api/accounts"), 200)["items"]) == 4
    refused = dave.post("/api/invoices/INV-0007/finalize")
    assert _error(refused, 403).startswith("only owners of their books can finalize invoices")
    assert "INV-" in _error(alice.get("/api/invoices/7"), 404)
