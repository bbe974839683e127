"""Two orders placed in one minute read apart: the order list and each order's page say the
seconds then (as the email list does for rows that share a minute), where both read "placed
Sun 1 Mar 20:15 CET" and only the number hinted which came first."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def test_orders_placed_in_one_minute_show_their_seconds(shop: ApiClient) -> None:
    expect(shop.admin("POST", "/admin/reset"), 200)
    bob = shop.as_user("bob", "bob-pass")
    profile = expect(bob.get("/api/profile"), 200)
    body = {
        "address_id": profile["default_address_id"],
        "payment_method_id": profile["default_payment_method_id"],
        "product_id": 1,
        "quantity": 1,
    }
    codes = [expect(bob.post("/api/checkout", json=body), 201)["code"] for _ in range(2)]
    browser = as_browser(bob)
    listing = browser.get("/orders").text
    shown = re.findall(r'<time datetime="[^"]*">([^<]*)</time>', listing)
    assert shown and all(re.search(r" \d\d:\d\d:\d\d ", s) for s in shown[:2]), shown[:3]
    for code in codes:
        page = browser.get(f"/orders/{code}").text
        placed = re.search(r'<time id="placed"[^>]*>([^<]*)</time>', page)
        assert placed and re.search(r" \d\d:\d\d:\d\d ", placed[1]), placed
    listed = expect(bob.get("/api/orders", params={"per_page": 100}), 200)["items"]
    other = next(o["code"] for o in listed if o["code"] not in codes)
    alone = browser.get(f"/orders/{other}").text
    placed = re.search(r'<time id="placed"[^>]*>([^<]*)</time>', alone)
    assert placed and not re.search(r":\d\d:\d\d ", placed[1]), placed
