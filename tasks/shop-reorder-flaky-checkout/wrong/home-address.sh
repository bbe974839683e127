#!/bin/bash
# Wrong (right effect, wrong details): the right filters, paid by Mastercard, but shipped to the
# default address (Home), not the office.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
card = next(p for p in shop.call("GET", "/payment-methods")["items"] if p["brand"] == "Mastercard")

set_aside = [(line["sku"], line["quantity"]) for line in shop.call("GET", "/cart")["lines"]]
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "KIT-5101", "quantity": 3})
shop.call("POST", "/checkout", {"address_id": profile["default_address_id"],
                                "payment_method_id": card["id"]})
for sku, quantity in set_aside:
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
PY
