"""The Finance UI: every page renders for a logged-in user, refused forms show why next to
the field with the input kept, and (in Chromium) a user matches a payment from the
reconciliation page."""

from __future__ import annotations

import html
import re
from datetime import date, timedelta
from typing import Any

import pytest

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect, log_in
from tests.page_words import shown_text

PAGES = [
    "/", "/accounts", "/reports", "/reports?start=2026-01-01&end=2026-02-28",
    "/accounts/1?start=2026-02-01&end=2026-02-28", "/transactions",
    "/transactions?category=none&account_id=3", "/transactions/140", "/categories",
    "/contacts", "/invoices", "/invoices?status=overdue", "/invoices/INV-0004",
    "/invoices/INV-0007", "/reconciliation", "/budgets", "/budgets?month=2026-02",
    "/recurring", "/recurring/4",
]  # fmt: skip


def test_every_page_renders(alice: ApiClient) -> None:
    browser = as_browser(alice)
    for path in PAGES:
        page = browser.get(path)
        assert page.status_code == 200 and "<h1" in page.text, (path, page.status_code)


def test_pages_need_login(service: ApiClient) -> None:
    response = service.get("/invoices", allow_redirects=False)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_a_refused_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    form = {"account_id": "1", "amount": "12,50", "merchant": "Uber", "status": "posted"}
    answer = as_browser(alice).post(
        "/transactions", data=form, headers={"Referer": service.base_url + "/transactions"}
    )
    assert_form_refused(answer, errors={"amount": "number"}, kept={"merchant": "Uber"})


def test_a_recorded_transaction_is_named_by_its_amount(alice: ApiClient) -> None:
    """The notice after recording a transaction says what was recorded ("Recorded USD
    -12.50."), not its row number."""
    form = {"account_id": "1", "amount": "-12.50", "merchant": "Uber", "status": "posted"}
    answer = as_browser(alice).post("/transactions", data=form)
    assert answer.status_code == 200 and "Recorded USD -12.50." in answer.text, answer.text[:400]
    assert not re.search(r"Recorded transaction \d", answer.text)


def test_a_refused_invoice_line_is_shown_by_that_line(service: ApiClient, alice: ApiClient) -> None:
    form = {"direction": "issued", "contact": "Initech", "line2_description": "Poster",
            "line2_unit_price": "ten", "status": "draft"}  # fmt: skip
    answer = as_browser(alice).post(
        "/invoices", data=form, headers={"Referer": service.base_url + "/invoices"}
    )
    assert_form_refused(
        answer, errors={"line2_unit_price": "number"}, kept={"line2_description": "Poster"}
    )


@pytest.mark.browser
def test_a_suggested_match_is_recorded_in_the_browser(service: ApiClient, page: Any) -> None:
    """The reconciliation page's Match button, found by its accessible name as a browsing
    agent finds it, pays the invoice; the API sees it paid."""
    log_in(page, service.base_url, "alice", "alice-pass", "/reconciliation")
    page.get_by_role(
        "button", name=re.compile(r"^Match .* Umbrella Health USD 3,200\.00 to INV-0004")
    ).click()
    page.goto(f"{service.base_url}/invoices/INV-0004")
    assert page.inner_text("#invoice-status") == "Paid"
    invoice = expect(service.as_user("alice", "alice-pass").get("/api/invoices/INV-0004"), 200)
    assert invoice["payments"][0]["transaction_id"] == 27


@pytest.mark.browser
def test_voiding_an_invoice_asks_first_in_the_browser(service: ApiClient, page: Any) -> None:
    """The "Void invoice…" button opens a dialog that asks; "Don't void invoice" leaves the invoice
    open, and its own "Void invoice" button voids it."""
    alice = service.as_user("alice", "alice-pass")
    log_in(page, service.base_url, "alice", "alice-pass", "/invoices/INV-0005")
    page.get_by_role("button", name="Void invoice…").click()
    dialog = page.get_by_role("dialog")
    assert "Void invoice INV-0005?" in dialog.inner_text()
    dialog.get_by_role("button", name="Don't void invoice").click()
    assert not dialog.is_visible()
    assert expect(alice.get("/api/invoices/INV-0005"), 200)["status"] == "open"
    page.get_by_role("button", name="Void invoice…").click()
    page.get_by_role("dialog").locator("button[type=submit]").click()
    page.wait_for_load_state()
    assert expect(alice.get("/api/invoices/INV-0005"), 200)["status"] == "void"


def test_an_account_page_shows_the_statement_the_api_answers(alice: ApiClient) -> None:
    period = {"start": "2026-02-01", "end": "2026-02-28"}
    statement = alice.get("/api/accounts/1/statement", params=period).json()
    page = as_browser(alice).get("/accounts/1", params=period).text
    totals = page[page.index('id="statement-totals"') :].split("</p>")[0]
    labels = {"opening balance": "opening_balance", "money in": "money_in",
              "money out": "money_out", "closing balance": "closing_balance"}  # fmt: skip
    for label, key in labels.items():
        assert f"{label} USD {statement[key]:,.2f}" in totals.replace("<strong>", ""), label
    assert statement["closing_balance"] != statement["opening_balance"]
    assert page.count('href="/transactions/') == len(statement["transactions"])
    assert "/api/accounts/1/statement.csv?start=2026-02-01&amp;end=2026-02-28" in page


def test_a_filter_form_sent_with_its_blank_fields_filters_by_the_others(alice: ApiClient) -> None:
    """A browser sends every field of a filter form, "all accounts" and empty dates included:
    they are no filter, not a refused query."""
    form = {"q": "", "account_id": "3", "category": "none", "merchant": "", "status": "",
            "start": "", "end": ""}  # fmt: skip
    expected = alice.get("/api/transactions", params={"account_id": 3, "category": "none"}).json()
    page = as_browser(alice).get("/transactions", params=form)
    assert page.status_code == 200 and page.url.endswith("/transactions?account_id=3&category=none")
    assert f"{expected['total']} transaction" in page.text and expected["total"] > 0


def test_transactions_filter_by_merchant_and_unmatched(alice: ApiClient) -> None:
    wanted = {"merchant": "Amazon", "unmatched": "true"}
    expected = alice.get("/api/transactions", params=wanted).json()
    page = as_browser(alice).get("/transactions", params=wanted).text
    assert f"<p>{expected['total']} transactions</p>" in page and expected["total"] == 4
    assert "Only from the merchant <strong>Amazon</strong>" in page
    assert 'id="filter-unmatched"' in page


def test_merchants_are_searched_and_contacts_filtered_by_kind(alice: ApiClient) -> None:
    merchants = alice.get("/api/merchants", params={"q": "am"}).json()["items"]
    vendors = alice.get("/api/contacts", params={"kind": "vendor"}).json()["items"]
    browser = as_browser(alice)
    found = browser.get("/categories", params={"q": "am"}).text.split("<h2>Merchants</h2>")[1]
    assert found.count("<tr><td>") == len(merchants) and "Amazon" in found
    assert "Verizon" not in found
    shown = browser.get("/contacts", params={"kind": "vendor"}).text
    assert shown.count("<td>Vendor</td>") == len(vendors) and "<td>Customer</td>" not in shown


def test_the_auditor_reconciles_one_account_of_another(dave: ApiClient) -> None:
    answer = dave.get("/api/reconciliation", params={"account_id": 1}).json()
    page = as_browser(dave).get("/reconciliation", params={"account_id": 1}).text
    assert answer["unpaid_invoices"]
    for invoice in answer["unpaid_invoices"]:
        assert f">{invoice['code']}</a>" in page
    for match in answer["suggestions"]:
        row = next(r for r in page.split("<tr>") if f'value="{match["transaction_id"]}"' in r)
        assert f"to {match['invoice']} (" in row
    assert '<option value="1" selected>' in page


def test_a_recurring_payment_shows_its_category_and_memo(alice: ApiClient) -> None:
    found = alice.get("/api/recurring/1").json()
    page = as_browser(alice).get("/recurring/1").text
    assert f"Category {found['category']} · memo: {found['memo']}" in page


def test_the_invoice_list_shows_the_vendors_number_in_its_own_column(alice: ApiClient) -> None:
    page = as_browser(alice).get("/invoices", params={"direction": "received"}).text
    assert "<th>Invoice</th><th>Vendor's number</th><th>Direction</th>" in page
    assert '">INV-0015</a></td><td>CP-2344</td><td>Received</td>' in page
    assert "(CP-2344)" not in page


def test_transaction_tables_show_the_memo_in_its_own_column(alice: ApiClient) -> None:
    assert expect(alice.get("/api/transactions/27"), 200)["memo"] == "ACH UMBRELLA HEALTH"
    browser = as_browser(alice)
    for path in ("/transactions", "/reconciliation", "/accounts/1"):
        page = browser.get(path).text
        assert "<th>Merchant</th><th>Memo</th><th>Category</th>" in page, path
        assert "<small>" not in page, path
    listed = browser.get("/transactions").text
    assert "<td>Umbrella Health</td><td>ACH UMBRELLA HEALTH</td>" in listed


def test_the_payment_picker_tells_two_identical_charges_apart(alice: ApiClient) -> None:
    """Two charges of one merchant, one amount, one day: numbered "(n of 2 alike)", newest
    first, never by their ids."""
    charge = {
        "account_id": 1,
        "date": "2026-03-01",
        "amount": -50,
        "merchant": "Copperline Printing",
    }
    ids = [expect(alice.post("/api/transactions", json=charge), 201)["id"] for _ in range(2)]
    browser = as_browser(alice)
    page = browser.get("/invoices/INV-0015").text
    listed = dict(re.findall(r'<option value="(\d+)" >([^<]*)</option>', page))
    charge_words = "Sun 1 Mar · Copperline Printing · USD -50.00 from Business Checking"
    assert [listed[str(i)] for i in reversed(ids)] == [
        f"{charge_words} (1 of 2 alike)",
        f"{charge_words} (2 of 2 alike)",
    ]
    assert "27" not in listed  # money in cannot pay a bill
    page = browser.get("/invoices/INV-0004").text
    listed = dict(re.findall(r'<option value="(\d+)" >([^<]*)</option>', page))
    assert listed["27"] == ("Fri 27 Feb · Umbrella Health · USD 3,200.00 into Business Checking")


@pytest.mark.browser
def test_sending_an_invoice_asks_first_and_a_new_one_starts_from_today_and_terms(
    service: ApiClient, page: Any
) -> None:
    """A draft's "Send invoice…" asks before mailing (its dialog's button has its own name);
    the new-invoice form names no customer or vendor, is issued today, takes its due date from
    the payment terms, and asks before creating an invoice open."""
    alice = service.as_user("alice", "alice-pass")
    log_in(page, service.base_url, "alice", "alice-pass", "/invoices/INV-0008")
    page.get_by_role("button", name="Send invoice…").click()
    dialog = page.get_by_role("dialog")
    assert "Send INV-0008" in dialog.inner_text() and "cannot be called back" in dialog.inner_text()
    dialog.get_by_role("button", name="Don't send invoice").click()
    assert expect(alice.get("/api/invoices/INV-0008"), 200)["status"] == "draft"
    page.get_by_role("button", name="Send invoice…").click()
    page.get_by_role("dialog").get_by_role("button", name="Mail INV-0008 now").click()
    page.wait_for_load_state()
    assert expect(alice.get("/api/invoices/INV-0008"), 200)["status"] == "open"

    page.goto(f"{service.base_url}/invoices")
    form = page.get_by_role("form", name="New invoice")
    today = expect(service.get("/health"), 200)["now"][:10]
    assert form.get_by_label("Customer or vendor").input_value() == ""
    assert form.get_by_label("Issued on").input_value() == today
    form.get_by_label("Customer or vendor").select_option("Initech")
    form.get_by_label("Terms").select_option(label="Net 45")
    due = form.get_by_label("Due on").input_value()
    assert due == (date.fromisoformat(today) + timedelta(days=45)).isoformat()
    form.get_by_label("Line 1 description").fill("Consulting")
    form.get_by_label("Line 1 quantity").fill("1")
    form.get_by_label("Line 1 unit price").fill("1200")
    form.get_by_role("button", name="Approve…").click()
    dialog = page.get_by_role("dialog")
    assert "mailed to them at once" in dialog.inner_text()
    dialog.get_by_role("button", name="Yes, approve").click()
    page.wait_for_load_state()
    code = page.url.rsplit("/", 1)[1]
    made = expect(alice.get(f"/api/invoices/{code}"), 200)
    assert (made["contact"], made["status"], made["due_on"]) == ("Initech", "open", due)


def test_terms_set_the_due_date_without_the_script_and_the_list_speaks_words(
    alice: ApiClient,
) -> None:
    """A browser without the page's script posts the terms alone: the due date follows from
    them. Statuses read as words and amounts as money."""
    browser = as_browser(alice)
    form = {"direction": "issued", "contact": "Initech", "issued_on": "2026-03-16",
            "terms": "45", "due_on": "", "line1_description": "Design", "line1_quantity": "1",
            "line1_unit_price": "24000", "status": "draft"}  # fmt: skip
    made = browser.post("/invoices", data=form)
    assert made.status_code == 200, made.text[:300]
    code = made.url.rsplit("/", 1)[1]
    assert expect(alice.get(f"/api/invoices/{code}"), 200)["due_on"] == "2026-04-30"
    assert "Total USD 24,000.00" in made.text and 'id="balance-due">USD 24,000.00<' in made.text
    listing = browser.get("/invoices").text
    assert "Partly paid" in listing and ">partly_paid<" not in listing
    refused = browser.post("/invoices", data={**form, "contact": ""})
    assert 'id="error-contact"' in refused.text  # no one is chosen for the user


def test_payment_rows_name_day_payee_amount_and_account_only(alice: ApiClient) -> None:
    """The payment picker names each row as the transactions list does, by day, payee, amount
    and account, and nothing after (no memo, no number); two rows that differ only by their
    memo are told apart "(n of 2 alike)"."""
    charge = {"account_id": 1, "date": "2026-03-02", "amount": -75, "merchant": "Copperline"}
    for memo in ("CHECK #37", "CHECK #38"):
        expect(alice.post("/api/transactions", json={**charge, "memo": memo}), 201)
    # another party's payments are listed once every payment is asked for
    page = as_browser(alice).get("/invoices/INV-0015", params={"every": 1}).text
    picker = page[page.index('name="transaction_id"') :].split("</select>")[0]
    rows = [
        html.unescape(r) for r in re.findall(r'<option value="\d+"[^>]*>([^<]*)</option>', picker)
    ]
    assert rows, picker[:500]
    day = r"\w{3} \d{1,2} \w{3}( \d{4})?"
    words = rf"{day} · [^·]+ · USD -?[\d,]+\.\d\d from [\w ]+( \(\d of \d alike\))?"
    for row in rows:
        assert re.fullmatch(words, row), row
        assert not re.search(r"#\d|CHECK", row), row
    mine = "Mon 2 Mar · Copperline · USD -75.00 from Business Checking"
    assert [r for r in rows if r.startswith(mine)] == [
        f"{mine} (1 of 2 alike)",
        f"{mine} (2 of 2 alike)",
    ]


def test_an_invoice_links_its_contact_and_names_its_payments_in_words(alice: ApiClient) -> None:
    """The invoice page's customer or vendor links to their contact page, as QuickBooks'
    invoice links its customer, and each payment names the transaction that paid it by day,
    payee, amount and account, never "transaction 27"."""
    listed = expect(alice.get("/api/invoices", params={"per_page": 100}), 200)["items"]
    paid = next(
        i for i in listed if expect(alice.get(f"/api/invoices/{i['code']}"), 200)["payments"]
    )
    invoice = expect(alice.get(f"/api/invoices/{paid['code']}"), 200)
    contact = next(
        c
        for c in expect(alice.get("/api/contacts"), 200)["items"]
        if c["name"] == invoice["contact"]
    )
    page = as_browser(alice).get(f"/invoices/{paid['code']}").text
    link = re.search(r'<a href="([^"]+)" id="invoice-contact">([^<]+)</a>', page)
    assert link, page[:1500]
    assert link.group(1) == f"/contacts/{contact['id']}"
    assert html.unescape(link.group(2)) == invoice["contact"]
    payments = shown_text(page.split("<h2>Payments</h2>")[1].split("</ul>")[0])
    assert not re.search(r"transaction \d", payments), payments
    first = invoice["payments"][0]
    moved = expect(alice.get(f"/api/transactions/{first['transaction_id']}"), 200)
    assert (moved["merchant"] or moved["memo"]) in payments, payments
