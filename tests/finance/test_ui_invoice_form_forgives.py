"""The invoice forms forgive and say what happened in the user's words: a refused line is named
by its label in the summary (not "line2 unit price"), an invoice approved for a customer with
no address is refused without naming a code it never got, and an invoice whose payment is in
no account yet links to record it and comes back to choose it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, log_in
from tests.page_words import shown_text


@pytest.mark.browser
def test_the_summary_names_a_refused_line_by_its_label(service: ApiClient, page: Any) -> None:
    log_in(page, service.base_url, "alice", "alice-pass", "/invoices")
    form = page.locator("form[aria-labelledby=new-invoice]")
    form.get_by_label("Customer or vendor").select_option("Initech")
    for field, value in (("Line 1 description", "Design"), ("Line 1 quantity", "1")):
        form.get_by_label(field, exact=True).fill(value)
    form.get_by_label("Line 1 unit price", exact=True).fill("100")
    form.get_by_label("Line 2 description", exact=True).fill("Printing")
    form.get_by_label("Line 2 quantity", exact=True).fill("2")
    with page.expect_navigation():
        form.get_by_role("button", name="Save as draft").click()
    page.wait_for_load_state()
    said = page.locator("#form-errors").inner_text()
    assert "Line 2 unit price: is required" in said, repr(said)
    assert "line2" not in said, repr(said)


def test_approving_for_a_customer_without_an_address_names_no_code_and_saves_nothing(
    alice: ApiClient, finance_db: Callable[..., Any]
) -> None:
    before = finance_db("SELECT * FROM invoices")
    form = {
        "direction": "issued",
        "contact": "Vandelay Industries",
        "line1_description": "Logo",
        "line1_quantity": "1",
        "line1_unit_price": "10",
        "status": "open",
    }
    refused = as_browser(alice).post("/invoices", data=form)
    said = shown_text(refused.text)
    assert refused.status_code in (409, 422), refused.status_code
    assert "Vandelay Industries has no email address" in said, said[:400]
    assert not re.search(r"INV-\d+ cannot be sent", said), said[:400]
    assert "was not saved" in said and "save it as a draft" in said, said[:400]
    assert finance_db("SELECT * FROM invoices") == before


def test_a_payment_in_no_account_yet_is_recorded_then_chosen_on_the_invoice(
    alice: ApiClient,
) -> None:
    browser = as_browser(alice)
    page = browser.get("/invoices/INV-0003").text
    link = re.search(r'<a href="([^"]*)">Record the deposit first</a>', page)
    assert link is not None, "the invoice page has no link to record the deposit"
    opened = browser.get(link[1].replace("&amp;", "&"))
    assert 'name="invoice" value="INV-0003"' in opened.text
    recorded = browser.post(
        "/transactions",
        data={"account_id": "1", "amount": "150", "merchant": "Initech", "invoice": "INV-0003"},
    )
    assert recorded.url.endswith("/invoices/INV-0003"), recorded.url
    said = shown_text(recorded.text)
    assert "Recorded USD 150.00: choose it to record the payment on INV-0003." in said, said[:300]
    assert "USD 150.00 into Business Checking" in said
