#!/bin/bash
# wrong (mixed models): takes the one V27U left and tops it up with two V27F in the same order, where the instruction says not to mix models.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
line = shop.call("GET", "/cart")["lines"][0]
shop.call("PATCH", f"/cart/items/{line['id']}", {"quantity": line["available"]})
shop.call("POST", "/cart/items", {"sku": "VIR-2704", "quantity": 3 - line["available"]})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
