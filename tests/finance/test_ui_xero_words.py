"""Finance pages say things as Xero does: a new invoice is approved (Awaiting payment), not
"created as open"; an invoice's page says what it is in words; the budgets are headed by their
month in words with limits as money is typed; and every figure of the reports is money."""

from __future__ import annotations

from tests.finance.test_ui_words import bare_money
from tests.form_assertions import as_browser, kept_value
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_a_new_invoice_is_approved_not_created_as_open(alice: ApiClient) -> None:
    listing = shown_text(as_browser(alice).get("/invoices").text)
    assert "Approve…" in listing and "Yes, approve" in listing
    assert "as open" not in listing and "Create as" not in listing


def test_an_invoice_says_what_it_is_once(alice: ApiClient) -> None:
    browser = as_browser(alice)
    issued = shown_text(browser.get("/invoices/INV-0003").text)
    assert "Invoice to a customer · issued " in issued and "issued · issued" not in issued
    bill = shown_text(browser.get("/invoices/INV-0015").text)
    assert "Bill from a vendor" in bill and "received · issued" not in bill


def test_budgets_name_their_month_in_words_and_limits_as_money(alice: ApiClient) -> None:
    page = as_browser(alice).get("/budgets").text
    text = shown_text(page)
    assert "Budgets for March 2026" in text and "2026-03" not in text
    assert "YYYY" not in text
    assert kept_value(page, "limit") == "200.00"  # Dining, the first budget's form


def test_report_figures_are_money(alice: ApiClient) -> None:
    page = as_browser(alice).get("/reports?start=2026-02-01&end=2026-03-02").text
    assert "Profit and Loss" in page and bare_money(page) == []
