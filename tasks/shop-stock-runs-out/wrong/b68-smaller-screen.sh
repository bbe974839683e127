#!/bin/bash
# wrong (wrong decision): orders three of the cheapest Vireo monitor in stock, the 24-inch V24F, ignoring that the equivalent must have the same 27-inch screen.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "VIR-2401", "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
