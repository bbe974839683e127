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
    form = {"merchant": t["merchant"] or "", "memo": "Airport ride", "category": ""}
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


def test_saving_with_nothing_changed_says_nothing_changed(service: ApiClient) -> None:
    """ "Save transaction" on an unchanged transaction and "Save draft" on an unchanged draft
    said "Saved …" as if something had been changed."""
    alice = service.as_user("alice", "alice-pass")
    t = expect(alice.get("/api/transactions", params={"per_page": 5}), 200)["items"][0]
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"merchant": t["merchant"] or "", "memo": t["memo"] or "", "category": ""}
    said = shown_text(browser.post(f"/transactions/{t['id']}/edit", data=form).text)
    assert "already read so; nothing changed." in said and "Saved the" not in said, said[:600]
    draft = expect(alice.get("/api/invoices/INV-0008"), 200)
    same = {"contact": draft["contact"], "issued_on": draft["issued_on"],
            "due_on": draft["due_on"], "currency": draft["currency"], "memo": draft["memo"],
            "number": draft["number"]}  # fmt: skip
    for n, line in enumerate(draft["lines"], 1):
        same |= {f"line{n}_description": line["description"],
                 f"line{n}_quantity": str(line["quantity"]),
                 f"line{n}_unit_price": str(line["unit_price"])}  # fmt: skip
    said = shown_text(browser.post("/invoices/INV-0008/edit", data=same).text)
    assert "The draft INV-0008 already read so; nothing changed." in said, said[:600]


def test_another_partys_transaction_is_asked_about_first_and_a_payment_names_its_payee(
    service: ApiClient,
) -> None:
    """A Copperline Printing debit was accepted silently against a Brightdesk bill, the bill's
    picker offered every outgoing transaction (about 120), and a recorded payment read "by
    transaction 28". One rule (``unfit_payment`` and its doubts: a payee other than the vendor
    or customer, more than is due) leaves such rows out of the picker until every payment is
    asked for, and the page asks before recording one; a payment is named by its amount,
    payee and account; a transaction list link by its payee."""
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    bill = browser.get("/invoices/INV-0013").text
    picker = re.search(r'<select id="transaction_id".*?</select>', bill, re.S)
    assert picker is not None
    assert "Copperline" not in picker[0] and len(re.findall(r"<option value=\"\d+", picker[0])) < 20
    assert 'href="/invoices/INV-0013?every=1"' in bill
    every = browser.get("/invoices/INV-0013", params={"every": "1"}).text
    assert 'value="28"' in every
    sent = {"transaction_id": "28", "amount": ""}
    where = {"Referer": service.base_url + "/invoices/INV-0013?every=1"}
    asked = browser.post("/invoices/INV-0013/payments", data=sent, headers=where)
    assert asked.status_code == 422, asked.status_code
    said = shown_text(asked.text)
    assert "went to Copperline Printing, and INV-0013 is a bill from Brightdesk" in said
    assert "record it anyway?" in said and '<option value="28" selected>' in asked.text
    assert expect(alice.get("/api/invoices/INV-0013"), 200)["payments"] == []
    done = browser.post("/invoices/INV-0013/payments", data={**sent, "anyway": "on"}, headers=where)
    assert expect(alice.get("/api/invoices/INV-0013"), 200)["payments"], shown_text(done.text)[:600]
    paid = shown_text(browser.get("/invoices/INV-0013").text)
    assert "USD 385.50 to Copperline Printing from Business Checking" in paid, paid[:1500]
    assert "by transaction" not in paid
    listed = browser.get("/transactions").text
    names = re.findall(r'<a href="/transactions/\d+" aria-label="([^"]+)"><time', listed)
    assert names and len(set(names)) == len(names), names[:5]
    money = r".+, \w{3} \d+ \w{3}, [A-Z]{3} -?[\d,]+\.\d\d.*"
    assert all(re.fullmatch(money, n) for n in names)
