#!/bin/bash
# wrong (fewer): orders the single V27U left, settling for fewer than three, which the instruction forbids.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
line = shop.call("GET", "/cart")["lines"][0]
shop.call("PATCH", f"/cart/items/{line['id']}", {"quantity": line["available"]})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
