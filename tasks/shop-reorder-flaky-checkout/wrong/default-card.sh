#!/bin/bash
# Wrong (right effect, wrong details): the right filters to the office, but paid with the
# default card (the Visa), not the Mastercard.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["label"] == "Office")

set_aside = [(line["sku"], line["quantity"]) for line in shop.call("GET", "/cart")["lines"]]
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "KIT-5101", "quantity": 3})
shop.call("POST", "/checkout", {"address_id": address["id"],
                                "payment_method_id": profile["default_payment_method_id"]})
for sku, quantity in set_aside:
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
PY
