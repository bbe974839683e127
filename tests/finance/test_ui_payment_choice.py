"""Recording a payment and matching a bank line from the pages: the "Record a payment" form
chooses no transaction until the user does (as Xero), and a reconciliation suggestion shows and
names the bank line by what the user sees (its day, payee and amount), never by its number."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser, assert_form_refused, kept_value
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_record_a_payment_chooses_no_transaction_by_itself(alice: ApiClient) -> None:
    browser = as_browser(alice)
    page = browser.get("/invoices/INV-0005").text
    assert kept_value(page, "transaction_id") == ""
    picker = page[page.index('name="transaction_id"') :].split("</select>")[0]
    assert "Choose the deposit" in picker
    assert "USD -" not in shown_text(picker), "money out offered to pay a customer's invoice"
    answer = browser.post(
        "/invoices/INV-0005/payments",
        data={"amount": "12.50"},
        headers={"Referer": alice.base_url + "/invoices/INV-0005"},
    )
    assert_form_refused(answer, {"transaction_id": "is required"}, {"amount": "12.50"})
    assert alice.get("/api/invoices/INV-0005").json()["payments"] == []


def test_a_bill_offers_only_money_out(alice: ApiClient) -> None:
    page = as_browser(alice).get("/invoices/INV-0015").text
    picker = page[page.index('name="transaction_id"') :].split("</select>")[0]
    options = re.findall(r"<option value=\"\d+\"[^>]*>([^<]*)</option>", picker)
    assert options and all("USD -" in o for o in options), options


def test_a_suggested_match_shows_and_is_named_by_the_bank_line(alice: ApiClient) -> None:
    answer = alice.get("/api/reconciliation").json()
    page = as_browser(alice).get("/reconciliation").text
    table = page[page.index('aria-label="Suggested matches"') :].split("</table>")[0]
    assert answer["suggestions"]
    names = re.findall(r'<button type="submit" aria-label="([^"]*)"', table)
    assert len(names) == len(set(names)) == len(answer["suggestions"])
    assert not any(re.search(r"Match (transaction )?\d", n) for n in names), names
    for match in answer["suggestions"]:
        line = alice.get(f"/api/transactions/{match['transaction_id']}").json()
        payee = line["merchant"] or line["memo"]
        row = next(r for r in table.split("<tr>") if f'value="{match["transaction_id"]}"' in r)
        assert payee in shown_text(row) and match["invoice"] in shown_text(row)
        assert re.search(
            rf'aria-label="Match \w{{3}} \d{{1,2}} \w{{3}} {re.escape(payee)} USD ', row
        )
    assert ">27</a>" not in table
