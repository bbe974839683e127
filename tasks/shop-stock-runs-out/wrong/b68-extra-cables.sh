#!/bin/bash
# wrong (right result plus one extra change): orders the right three V27F, and puts three DisplayPort cables in the same order for the new desks, which nobody asked for.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "VIR-2704", "quantity": 3})
shop.call("POST", "/cart/items", {"sku": "ACC-5102", "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
