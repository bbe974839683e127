"""A draft invoice is edited in place (its customer or vendor, dates, lines, memo), by its
owner, while it is a draft; an open one is voided and created again instead (see conftest)."""

from __future__ import annotations

import re
from collections.abc import Callable

import requests

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

LINES = [
    {"description": "Logo refresh", "quantity": 1, "unit_price": 900},
    {"description": "Brand guide", "quantity": 2, "unit_price": 125.5},
]


def _refused(response: requests.Response, status: int) -> str:
    assert response.status_code == status, response.text
    return str(response.json()["error"]["message"])


def test_a_drafts_lines_are_replaced_and_its_total_follows(
    alice: ApiClient, finance_db: Callable[..., list]
) -> None:
    edited = expect(
        alice.patch(
            "/api/invoices/INV-0007",
            json={"lines": LINES, "due_on": "2026-03-31", "memo": "Scope agreed"},
        ),
        200,
    )
    assert [(x["description"], x["amount"]) for x in edited["lines"]] == [
        ("Logo refresh", 900.0),
        ("Brand guide", 251.0),
    ]
    assert (edited["total"], edited["due_on"], edited["memo"]) == (
        1151.0,
        "2026-03-31",
        "Scope agreed",
    )
    assert (edited["status"], edited["contact"]) == ("draft", "Vandelay Industries")
    stored = "SELECT count(*) FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id"
    assert finance_db(stored + " WHERE i.code = 'INV-0007'") == [(2,)]
    assert finance_db("SELECT total_cents FROM invoices WHERE code = 'INV-0007'") == [(115100,)]


def test_only_the_owners_draft_is_edited_and_bad_changes_are_refused_whole(
    alice: ApiClient, dave: ApiClient, finance_db: Callable[..., list]
) -> None:
    before = finance_db("SELECT * FROM invoices WHERE code IN ('INV-0005', 'INV-0007')")
    open_one = _refused(alice.patch("/api/invoices/INV-0005", json={"memo": "x"}), 409)
    assert open_one.startswith("INV-0005 is open; only a draft is edited (void it")
    audit = _refused(dave.patch("/api/invoices/INV-0007", json={"memo": "x"}), 403)
    assert audit.startswith("only owners of their books can edit invoices")
    dates = alice.patch("/api/invoices/INV-0007", json={"due_on": "2026-02-01", "memo": "x"})
    assert "due_on: 2026-02-01 is before the issue date, 2026-02-28" in _refused(dates, 422)
    vendor = alice.patch("/api/invoices/INV-0007", json={"contact": "Copperline Printing"})
    assert "is a vendor; issued invoices are to a customer" in _refused(vendor, 422)
    empty = alice.patch("/api/invoices/INV-0007", json={"lines": []})
    assert "add at least one line" in _refused(empty, 422)
    numbered = alice.patch("/api/invoices/INV-0007", json={"number": "INV-0003"})
    assert "number: an issued invoice is numbered by the books" in _refused(numbered, 422)
    assert finance_db("SELECT * FROM invoices WHERE code IN ('INV-0005', 'INV-0007')") == before


def test_the_draft_page_offers_its_edit_form_filled_and_keeps_a_refused_edit(
    service: ApiClient,
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/invoices/INV-0007").text
    assert 'aria-label="Edit this draft"' in page
    assert 'name="line1_description" value="Logo refresh"' in page
    assert 'name="line2_description" value=""' in page  # room for one more line
    refused = browser.post(
        "/invoices/INV-0007/edit",
        data={
            "contact": "Vandelay Industries",
            "issued_on": "2026-03-02",
            "due_on": "2026-03-01",
            "currency": "USD",
            "line1_description": "Logo refresh",
            "line1_quantity": "1",
            "line1_unit_price": "900",
            "number": "",
            "memo": "kept",
        },
        headers={"Referer": service.base_url + "/invoices/INV-0007"},
    )
    assert_form_refused(
        refused,
        errors={"due_on": "Sun 1 Mar is before the issue date, Mon 2 Mar"},  # the API's: ISO
        kept={"memo": "kept"},
    )
    assert 'name="number"' not in refused.text  # an issued invoice has no vendor's number
    assert "Edit this draft" not in browser.get("/invoices/INV-0005").text  # open: no form


NEW_ISSUED = {
    "direction": "issued",
    "contact": "Globex Corporation",
    "currency": "USD",
    "line1_description": "Workshop",
    "line1_quantity": "1",
    "line1_unit_price": "500",
    "memo": "kept",
    "status": "open",
}


def _create_invoice(service: ApiClient, form: dict[str, str]) -> requests.Response:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    return browser.post("/invoices", data=form, headers={"Referer": service.base_url + "/invoices"})


def test_an_issued_invoice_is_not_given_a_number_of_ones_own(
    service: ApiClient, alice: ApiClient, finance_db: Callable[..., list]
) -> None:
    before = finance_db("SELECT count(*) FROM invoices")
    refused = _create_invoice(service, {**NEW_ISSUED, "number": "INV-0003"})
    assert_form_refused(
        refused,
        errors={"number": "an issued invoice is numbered by the books"},
        kept={"number": "INV-0003", "memo": "kept"},
    )
    assert finance_db("SELECT count(*) FROM invoices") == before
    api = alice.post(
        "/api/invoices",
        json={"direction": "issued", "contact": "Initech", "number": "X-1", "lines": LINES},
    )
    assert "number: an issued invoice is numbered by the books" in _refused(api, 422)


def test_an_invoice_with_no_line_is_refused_at_its_lines(
    service: ApiClient, alice: ApiClient
) -> None:
    blank_lines = {k: v for k, v in NEW_ISSUED.items() if not k.startswith("line1_")}
    refused = _create_invoice(service, blank_lines)
    assert_form_refused(
        refused, errors={"line1_description": "add at least one line"}, kept={"memo": "kept"}
    )
    assert "list should have" not in refused.text
    api = alice.post(
        "/api/invoices", json={"direction": "issued", "contact": "Initech", "lines": []}
    )
    assert "add at least one line" in _refused(api, 422)


def test_a_payment_of_nan_or_infinity_is_not_a_number(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/invoices/INV-0004").text
    transaction = re.search(r'<option value="(\d+)"', page)
    assert transaction is not None, "INV-0004 offers no transaction to pay it with"
    refused = browser.post(
        "/invoices/INV-0004/payments",
        data={"transaction_id": transaction[1], "amount": "NaN"},
        headers={"Referer": service.base_url + "/invoices/INV-0004"},
    )
    assert_form_refused(refused, errors={"amount": "expected a number"}, kept={"amount": "NaN"})
    for amount in ("Infinity", "-inf"):
        api = alice.post(
            "/api/invoices/INV-0004/payments",
            json={"transaction_id": int(transaction[1]), "amount": amount},
        )
        assert "expected a number" in _refused(api, 422)
