#!/bin/bash
# Wrong (the look-alike decoy): reads the order history oldest first and takes the first filters
# it meets, the #2 filters bought ten weeks ago, not last month's #4.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
history = shop.call("GET", "/orders?per_page=50")["items"]
filters = None
for summary in reversed(history):
    for item in shop.call("GET", f"/orders/{summary['code']}")["items"]:
        if "filter" in item["name"].lower():
            filters = filters or item
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["label"] == "Office")
card = next(p for p in shop.call("GET", "/payment-methods")["items"] if p["brand"] == "Mastercard")

set_aside = [(line["sku"], line["quantity"]) for line in shop.call("GET", "/cart")["lines"]]
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": filters["sku"], "quantity": filters["quantity"]})
shop.call("POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]})
for sku, quantity in set_aside:
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
PY
