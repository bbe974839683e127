#!/bin/bash
# wrong (near-twin record): orders three V27C, the next-cheapest 27-inch Vireo with three in stock, after reading 'closest' as the QHD panel the V27Q has.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "VIR-2705", "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
