"""An issued invoice is mailed to its customer: one whose contact has no email address is not
sent (it would reach only its owner); the refusal says to add the address on the contact's
page, the send dialog says so beforehand and asks for it, and once it is there the notice
after sending names who it went to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text

VANDELAY = 5  # INV-0007's customer, with no email address in the default seed


def test_sending_to_a_contact_without_an_address_is_refused(
    alice: ApiClient, finance_db: Callable[..., Any]
) -> None:
    before = finance_db("SELECT * FROM invoices")
    refused = alice.post("/api/invoices/INV-0007/finalize")
    assert refused.status_code == 409, refused.text
    said = refused.json()["error"]["message"]
    assert "Vandelay Industries has no email address" in said
    assert "add the address on Vandelay Industries' contact page" in said
    body = {
        "direction": "issued",
        "contact": "Vandelay Industries",
        "status": "open",
        "lines": [{"description": "Logo", "quantity": 1, "unit_price": 10}],
    }
    assert alice.post("/api/invoices", json=body).status_code == 409
    assert finance_db("SELECT * FROM invoices") == before


def test_the_send_dialog_asks_for_the_address_then_sends_and_says_to_whom(
    alice: ApiClient,
) -> None:
    browser = as_browser(alice)
    page = shown_text(browser.get("/invoices/INV-0007").text)
    assert "Vandelay Industries has no email address, so INV-0007 cannot be sent yet" in page
    assert "Mail INV-0007 now" not in page and "Email address of Vandelay Industries" in page
    saved = browser.post(
        f"/contacts/{VANDELAY}/edit",
        data={"email": "ap@vandelay.example", "invoice": "INV-0007"},
    )
    assert saved.url.endswith("/invoices/INV-0007"), saved.url
    assert "Mail INV-0007 now" in shown_text(saved.text)
    assert "(ap@vandelay.example)" in shown_text(saved.text)
    sent = shown_text(browser.post("/invoices/INV-0007/finalize").text)
    assert "Sent INV-0007 to Vandelay Industries (ap@vandelay.example): Awaiting payment." in sent
    assert "is approved" not in sent
    contact = expect(alice.get("/api/contacts?kind=customer"), 200)["items"]
    assert {"id": VANDELAY, "email": "ap@vandelay.example"}.items() <= next(
        c for c in contact if c["id"] == VANDELAY
    ).items()


def test_a_contact_page_shows_and_changes_the_address(alice: ApiClient) -> None:
    changed = expect(
        alice.patch(f"/api/contacts/{VANDELAY}", json={"email": "AP@Vandelay.example"}), 200
    )
    assert changed["email"] == "ap@vandelay.example"
    bad = alice.patch(f"/api/contacts/{VANDELAY}", json={"email": "not an address"})
    assert bad.status_code == 422
    browser = as_browser(alice)
    assert f'href="/contacts/{VANDELAY}"' in browser.get("/contacts").text
    page = shown_text(browser.get(f"/contacts/{VANDELAY}").text)
    assert "email ap@vandelay.example" in page and "Save the email address" in page
    cleared = shown_text(browser.post(f"/contacts/{VANDELAY}/edit", data={"email": ""}).text)
    assert "Removed Vandelay Industries' email address" in cleared and "Saved" not in cleared
    assert "email none yet" in cleared


def test_the_send_dialog_refuses_an_empty_or_malformed_address_beside_the_field(
    alice: ApiClient, finance_db: Callable[..., Any]
) -> None:
    """ "Save the address" with nothing typed answered "Saved Vandelay Industries' email
    address: no email address.": in the send dialog an empty or malformed address is refused
    next to the field, the dialog left open, and nothing saved."""
    before = finance_db("SELECT * FROM contacts")
    browser = as_browser(alice)
    origin = {"Referer": browser.base_url + "/invoices/INV-0007"}
    for typed, note in (("", "Type the address INV-0007"), ("ap at vandelay", "email address")):
        refused = browser.post(
            f"/contacts/{VANDELAY}/edit",
            data={"email": typed, "invoice": "INV-0007"},
            headers=origin,
        )
        assert_form_refused(refused, {"email": note}, {"email": typed})
        assert "Saved" not in shown_text(refused.text)
        assert '<dialog id="no-address-INV-0007" class="confirm"' in refused.text
        assert 'aria-labelledby="no-address-INV-0007-says" open>' in refused.text
    assert finance_db("SELECT * FROM contacts") == before
