"""Finance notices name the record as its page does, as QuickBooks' do: a transaction by payee,
day and amount (its page is headed so, not "Transaction 37"), a bill by its vendor and the
vendor's number."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_a_transaction_is_named_by_payee_day_and_amount(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    t = expect(alice.get("/api/transactions", params={"per_page": 5}), 200)["items"][0]
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = shown_text(browser.get(f"/transactions/{t['id']}").text)
    assert f"Transaction {t['id']}" not in page, page[:400]
    form = {"merchant": t["merchant"] or "", "memo": t["memo"] or "", "category": ""}
    said = shown_text(browser.post(f"/transactions/{t['id']}/edit", data=form).text)
    assert "Saved the transaction." not in said
    assert re.search(
        r"Saved the transaction .+, \w{3} \d+ \w{3}, [A-Z]{3} -?[\d,]+\.\d\d\.", said
    ), said[:800]


def test_a_new_bill_names_its_vendor_and_number(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    vendor = next(
        c for c in expect(alice.get("/api/contacts"), 200)["items"] if c["kind"] == "vendor"
    )
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"direction": "received", "contact": vendor["name"], "number": "NP-2318",
            "issued_on": "2026-03-02", "due_on": "2026-03-30", "currency": "USD",
            "line1_description": "Printing", "line1_quantity": "1",
            "line1_unit_price": "100"}  # fmt: skip
    said = shown_text(browser.post("/invoices", data=form).text)
    assert re.search(
        rf"Created INV-\d+, the bill NP-2318 from {re.escape(vendor['name'])}\.", said
    ), said[:800]
