#!/bin/bash
# wrong (right change, wrong record): orders the right substitute (three V27F) but ships them to the Home address instead of the default Office one.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "VIR-2704", "quantity": 3})
addresses = shop.call("GET", "/addresses")
addresses = addresses["items"] if isinstance(addresses, dict) else addresses
other = next(a["id"] for a in addresses if a["id"] != home)
order = shop.call("POST", "/checkout", {"address_id": other, "payment_method_id": card})
print("placed", order["code"], order.get("ship_line1"), [(i["sku"], i["quantity"]) for i in order["items"]])
PY
