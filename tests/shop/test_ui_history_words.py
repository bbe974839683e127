"""An order's history says each status in words ("Paid", "Shipped", "Delivered"), as every
list does; it read "paid", "shipped" from the stored codes."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_an_orders_history_says_each_status_in_words(shop: ApiClient) -> None:
    alice = shop.as_user("alice", "alice-pass")
    orders = expect(alice.get("/api/orders", params={"per_page": 100}), 200)["items"]
    order = next(o for o in orders if o["status"] == "delivered")
    text = shown_text(as_browser(alice).get(f"/orders/{order['code']}").text)
    for status in ("Paid", "Shipped", "Delivered"):
        assert f": {status}" in text, text[:3000]
    assert ": paid" not in text and ": shipped" not in text, text[:3000]
