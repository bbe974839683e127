#!/bin/bash
# wrong (done then undone): first orders the one V27U left as a stopgap, cancels that order, then orders three V27F: two orders were placed where the instruction said just one.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 1})
first = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
shop.call("POST", f"/orders/{first['code']}/cancel", {"reason": "ordered by mistake"})
shop.call("POST", "/cart/items", {"sku": "VIR-2704", "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
print("placed and cancelled", first["code"], "then placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
