"""Inventory's orders name their owner and creator by their names, as Odoo does ("Salesperson
Alice Martin"), never by usernames."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

NAMES = {"alice": "Alice Martin", "bob": "Bob Chen", "carol": "Carol Diaz", "dave": "Dave Okafor",
         "erin": "Erin Walsh", "frank": "Frank Müller"}  # fmt: skip


def test_orders_name_their_people_by_their_names(alice: ApiClient) -> None:
    browser = as_browser(alice)
    sales = expect(alice.get("/api/sales-orders"), 200)["items"][0]
    listing = browser.get("/sales-orders").text
    assert f"<td>{NAMES[sales['owner']]}</td>" in listing
    assert f"<td>{sales['owner']}</td>" not in listing
    page = browser.get(f"/sales-orders/{sales['code']}").text
    assert f'<span class="l">Owner</span><span>{NAMES[sales["owner"]]}</span>' in page
    bought = expect(alice.get("/api/purchase-orders"), 200)["items"][0]
    order = browser.get(f"/purchase-orders/{bought['code']}").text
    made = re.search(r"Created</span><span>[^<]* by ([^<]+)</span>", order)
    assert made is not None and made[1] == NAMES[bought["created_by"]]
