#!/bin/bash
# Reference solution of shop-reorder-flaky-checkout: find last month's filters in the order
# history, set the mug aside, order the filters to the Office address with the Mastercard, put
# the mug back in the cart. Every call retries on 429/5xx, waiting as Retry-After says.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

SHOP = "http://127.0.0.1:1234/api"

shop = ServiceClient(SHOP).login("alice", "alice-pass")
history = shop.call("GET", "/orders?per_page=50")["items"]
filters = None
for summary in history:
    for item in shop.call("GET", f"/orders/{summary['code']}")["items"]:
        if "filter" in item["name"].lower():
            filters = filters or item  # newest order first: last month's purchase
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["label"] == "Office")
card = next(p for p in shop.call("GET", "/payment-methods")["items"] if p["brand"] == "Mastercard")

cart = shop.call("GET", "/cart")
set_aside = [(line["sku"], line["quantity"]) for line in cart["lines"]]
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": filters["sku"], "quantity": filters["quantity"]})
order = shop.call("POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]})
for sku, quantity in set_aside:
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
print("ordered", order["code"])
PY
