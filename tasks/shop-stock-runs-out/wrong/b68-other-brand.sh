#!/bin/bash
# wrong (wrong decision): orders three Lumax L27K, a 27-inch 4K monitor like the V27U, but of another brand than Vireo.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "LMX-2702", "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
