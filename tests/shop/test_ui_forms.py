"""The shop's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect


def _lines(client: ApiClient) -> list[tuple[str, int]]:
    return [
        (line["sku"], line["quantity"]) for line in expect(client.get("/api/cart"), 200)["lines"]
    ]


def test_refused_cart_form_shows_the_error_next_to_the_field(
    shop: ApiClient, alice: ApiClient
) -> None:
    before = _lines(alice)
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    response = browser.post(
        "/cart/add",
        data={"product_id": "1", "quantity": "lots"},
        headers={"Referer": shop.base_url + "/products/1"},
    )
    assert_form_refused(
        response, errors={"quantity": "expected a whole number"}, kept={"quantity": "lots"}
    )
    assert _lines(alice) == before


def test_cart_form_adds_what_the_api_adds(
    shop: ApiClient, alice: ApiClient, bob: ApiClient
) -> None:
    expect(alice.delete("/api/cart"), 200)
    expect(bob.delete("/api/cart"), 200)
    expect(alice.post("/api/cart/items", json={"product_id": 1, "quantity": 2}), 201)
    browser = as_browser(shop.as_user("bob", "bob-pass"))
    added = browser.post("/cart/add", data={"product_id": "1", "quantity": "2"})
    assert added.status_code == 200 and "Added 2 to your cart" in added.text
    assert _lines(bob) == _lines(alice) != []
