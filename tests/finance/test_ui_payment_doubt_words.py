"""The "record it anyway?" question names the payment as the picker above it does (day, party,
amount), never by its id, and ends with its own question mark ("…: record it anyway?.", with
"transaction 29", was what a reader saw); the line under the picker says what the list holds in
the "every payment" view too. And a name's possessive and a name ending in a stop read as
written English: "Northwind Traders' invoices", "Added Brightline Paper Co." (not "Traders's",
"Co..")."""

from __future__ import annotations

import re

from mock_services.core.web.wording import ended, possessive
from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_the_question_names_the_payment_as_the_picker_does(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    every = browser.get("/invoices/INV-0013", params={"every": "1"}).text
    option = re.search(r'<option value="28"\s*>([^<]+)</option>', every)
    assert option is not None, every[-3000:]
    hint = shown_text(every)
    assert "of at most what is due are listed" not in hint
    assert (
        "Every payment in your accounts that can pay it is listed, to anyone and of any amount"
        in hint
    )
    where = {"Referer": service.base_url + "/invoices/INV-0013?every=1"}
    asked = browser.post(
        "/invoices/INV-0013/payments", data={"transaction_id": "28"}, headers=where
    )
    said = shown_text(asked.text)
    day, party, amount = option[1].split(" · ")[:3]
    named = f"{day} · {party} · {amount.split(' from ')[0]}"  # its day, party and amount
    assert f"the payment {named} went to Copperline Printing" in said, said[:1500]
    assert "transaction 28" not in said and "?." not in said, said[:1500]
    assert "record it anyway? The fields are marked below." in said


def test_a_possessive_and_a_full_stop_after_a_name() -> None:
    assert possessive("Northwind Traders") == "Northwind Traders'"
    assert possessive("Alice Martin") == "Alice Martin's"
    assert ended("Added Brightline Paper Co.") == "Added Brightline Paper Co."
    assert ended("record it anyway?") == "record it anyway?"
    assert ended("Added Acme") == "Added Acme."


def test_the_contacts_page_writes_names_as_english_does(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    listed = shown_text(browser.get("/contacts").text)
    assert "Northwind Traders' invoices" in listed and "s's " not in listed, listed[:2000]
    added = browser.post("/contacts", data={"name": "Brightline Paper Co.", "kind": "vendor"})
    said = shown_text(added.text)
    assert "Added Brightline Paper Co." in said and "Co.." not in said, said[:1500]
