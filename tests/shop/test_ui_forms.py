"""The shop's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

import pytest

from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect


def _lines(client: ApiClient) -> list[tuple[str, int]]:
    return [
        (line["sku"], line["quantity"]) for line in expect(client.get("/api/cart"), 200)["lines"]
    ]


@pytest.mark.parametrize(
    ("quantity", "said"),
    [("lots", "expected a whole number"), ("100", "must be at most 99")],
)
def test_refused_cart_form_shows_the_error_next_to_the_field(
    shop: ApiClient, alice: ApiClient, quantity: str, said: str
) -> None:
    """Said in the words of a person filling the form, never in pydantic's ("input should be
    less than or equal to 99")."""
    before = _lines(alice)
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    response = browser.post(
        "/cart/add",
        data={"product_id": "1", "quantity": quantity},
        headers={"Referer": shop.base_url + "/products/1"},
    )
    assert_form_refused(response, errors={"quantity": said}, kept={"quantity": quantity})
    assert "input should be" not in response.text.lower()
    assert _lines(alice) == before


def test_cart_form_adds_what_the_api_adds(
    shop: ApiClient, alice: ApiClient, bob: ApiClient
) -> None:
    expect(alice.delete("/api/cart"), 200)
    expect(bob.delete("/api/cart"), 200)
    expect(alice.post("/api/cart/items", json={"product_id": 1, "quantity": 2}), 201)
    browser = as_browser(shop.as_user("bob", "bob-pass"))
    added = browser.post("/cart/add", data={"product_id": "1", "quantity": "2"})
    assert (
        added.status_code == 200
        and "Added 2 of &#39;" in added.text
        and "to your cart (now " in added.text
    )
    assert _lines(bob) == _lines(alice) != []


def _methods(client: ApiClient) -> list[str]:
    return [m["label"] for m in expect(client.get("/api/payment-methods"), 200)["items"]]


def test_refused_card_shows_the_checksum_next_to_the_number(
    shop: ApiClient, alice: ApiClient
) -> None:
    before = _methods(alice)
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    response = browser.post(
        "/account/payment-methods",
        data={
            "type": "card",
            "card_number": "4111 1111 1111 1112",
            "exp_month": "12",
            "exp_year": "2030",
        },
        headers={"Referer": shop.base_url + "/account"},
    )
    assert_form_refused(
        response,
        errors={"card_number": "not a valid card number (checksum failed)"},
        kept={"card_number": "4111 1111 1111 1112", "exp_month": "12", "exp_year": "2030"},
    )
    assert _methods(alice) == before


def test_refused_card_expiry_month_is_shown_by_its_field(shop: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    response = browser.post(
        "/account/payment-methods",
        data={"type": "card", "card_number": "4111 1111 1111 1111", "exp_month": "13"},
        headers={"Referer": shop.base_url + "/account"},
    )
    assert_form_refused(
        response,
        errors={"exp_month": "must be at most 12", "exp_year": "is required"},
        kept={"exp_month": "13", "card_number": "4111 1111 1111 1111"},
    )
    # the PayPal form on the same page is not the refused one: its email stays empty
    assert 'id="paypal-email" name="paypal_email" type="email" value=""' in response.text


def test_refused_address_edit_keeps_what_was_typed(shop: ApiClient, alice: ApiClient) -> None:
    work = next(
        a for a in expect(alice.get("/api/addresses"), 200)["items"] if a["label"] == "Work"
    )
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    page = f"{shop.base_url}/account/addresses/{work['id']}"
    response = browser.post(
        f"/account/addresses/{work['id']}",
        data={"label": "Office", "city": "Oakland", "country": "USA"},
        headers={"Referer": page},
    )
    assert_form_refused(
        response,
        errors={"country": "expected a two-letter code in capitals, such as US"},
        kept={"country": "USA", "city": "Oakland", "label": "Office"},
    )
    assert expect(alice.get("/api/addresses"), 200)["items"][1] == work


def test_refused_profile_email_is_shown_by_its_field(shop: ApiClient, alice: ApiClient) -> None:
    before = expect(alice.get("/api/profile"), 200)
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    response = browser.post(
        "/account/profile",
        data={"display_name": "Alice M.", "email": "not an address", "phone": ""},
        headers={"Referer": shop.base_url + "/account"},
    )
    assert_form_refused(response, errors={"email": "email"}, kept={"email": "not an address"})
    assert expect(alice.get("/api/profile"), 200) == before


def test_address_label_clash_is_refused_with_the_reason(shop: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    response = browser.post(
        "/account/addresses",
        data={
            "label": "Home",
            "recipient": "Alice Martin",
            "line1": "1 Elm St",
            "city": "Reno",
            "postal_code": "89501",
            "country": "US",
        },
        headers={"Referer": shop.base_url + "/account"},
    )
    assert_action_refused(
        response, 409, "You already have an address labelled 'Home'", kept={"line1": "1 Elm St"}
    )
    assert expect(alice.get("/api/addresses"), 200)["total"] == 2
