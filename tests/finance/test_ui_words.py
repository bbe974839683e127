"""Finance pages say one thing one way: a status by one name everywhere (the table, the
filter, the tabs, the dashboard), money as the house writes it (``USD 4,800.00``), days in
words (never a bare ISO date), an edited draft with the terms it was made with, and each line
field named once."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import iso_days_shown, shown_text

MONEY = re.compile(r"(?<![\w,.-])-?\d[\d,]*\.\d{2}(?![\d])")
"""A figure of money with no currency beside it (one the house writes has its code first)."""


def bare_money(html: str) -> list[str]:
    text = shown_text(html)
    return [m.group() for m in MONEY.finditer(text) if not text[: m.start()].endswith("USD ")]


def test_a_status_has_one_name_on_every_page(alice: ApiClient) -> None:
    browser = as_browser(alice)
    listing = browser.get("/invoices").text
    rows = shown_text(listing[listing.index("<tbody>") :])
    assert "Awaiting payment" in rows and " open " not in f" {rows} "
    select = listing[listing.index('id="filter-status"') :].split("</select>")[0]
    assert '<option value="open" >Awaiting payment</option>' in select
    assert '<option value="partly_paid" >Partly paid</option>' in select
    tabs = listing[: listing.index("</nav>", listing.index('aria-label="Invoices by status"'))]
    assert "?status=open" in tabs and ">Awaiting payment</a>" in tabs and ">Unpaid</a>" in tabs
    dashboard = shown_text(browser.get("/").text)
    assert "Awaiting payment" in dashboard and " open" not in dashboard.replace("Open an", "")
    assert "INV-0003" in dashboard and "Overdue" in dashboard


def test_money_is_written_with_its_currency_on_every_finance_page(alice: ApiClient) -> None:
    browser = as_browser(alice)
    for path in ("/", "/invoices", "/invoices/INV-0010", "/invoices/INV-0007", "/accounts",
                 "/accounts/1?start=2026-02-01&end=2026-02-28", "/transactions/140",
                 "/reconciliation", "/budgets", "/recurring", "/recurring/4"):  # fmt: skip
        page = browser.get(path).text
        assert bare_money(page) == [], path
    invoice = shown_text(browser.get("/invoices/INV-0010").text)
    assert re.search(r"Total USD [\d,]+\.\d\d · paid USD [\d,]+\.\d\d · balance due USD", invoice)
    assert "Unit price Amount" in invoice


def test_finance_pages_show_days_in_words(alice: ApiClient) -> None:
    browser = as_browser(alice)
    for path in ("/", "/invoices", "/invoices/INV-0003", "/invoices/INV-0015", "/transactions",
                 "/transactions/140", "/reconciliation", "/recurring", "/recurring/4",
                 "/accounts/1?start=2026-02-01&end=2026-02-28"):  # fmt: skip
        assert iso_days_shown(browser.get(path).text) == [], path
    invoice = shown_text(browser.get("/invoices/INV-0003").text)
    assert re.search(r"issued \w{3} \d{1,2} \w{3}( \d{4})? · due \w{3} \d{1,2} \w{3}", invoice)


def test_editing_a_draft_keeps_the_terms_it_was_made_with(alice: ApiClient) -> None:
    browser = as_browser(alice)
    form = {"direction": "issued", "contact": "Initech", "issued_on": "2026-03-02",
            "terms": "15", "due_on": "", "line1_description": "Design", "line1_quantity": "1",
            "line1_unit_price": "100", "status": "draft"}  # fmt: skip
    made = browser.post("/invoices", data=form)
    edit = made.text[made.text.index('aria-label="Edit this draft"') :]
    terms = edit[edit.index('id="terms"') :].split("</select>")[0]
    assert re.findall(r'<option value="(\d*)" selected>', terms) == ["15"]


def test_a_line_field_is_named_once(alice: ApiClient) -> None:
    """No "Line 1" group around "Line 1 description": a screen reader says it once."""
    page = as_browser(alice).get("/invoices").text
    new = page[page.index('id="new-invoice"') :]
    assert "<legend>Line" not in new and "<fieldset>" not in new
    assert new.count('aria-label="Line 1 description"') == 1
    assert '<th scope="col">Description</th>' in new
