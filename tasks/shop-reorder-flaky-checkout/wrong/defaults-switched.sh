#!/bin/bash
# Wrong (collateral damage): makes the office address and the Mastercard Alice's defaults so
# that checkout picks them, and leaves them so: the order is right, her account is not.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["label"] == "Office")
card = next(p for p in shop.call("GET", "/payment-methods")["items"] if p["brand"] == "Mastercard")
shop.call("POST", f"/addresses/{address['id']}/default")
shop.call("POST", f"/payment-methods/{card['id']}/default")
profile = shop.call("GET", "/profile")

set_aside = [(line["sku"], line["quantity"]) for line in shop.call("GET", "/cart")["lines"]]
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "KIT-5101", "quantity": 3})
shop.call("POST", "/checkout", {"address_id": profile["default_address_id"],
                                "payment_method_id": profile["default_payment_method_id"]})
for sku, quantity in set_aside:
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
PY
