#!/bin/bash
# wrong (right change, wrong record): orders the right substitute (three V27F) but pays with the first card on file (the Mastercard), not the default Visa.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "VIR-2704", "quantity": 3})
methods = shop.call("GET", "/payment-methods")
methods = methods["items"] if isinstance(methods, dict) else methods
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": min(m["id"] for m in methods)})
print("placed", order["code"], order.get("payment_label"), [(i["sku"], i["quantity"]) for i in order["items"]])
PY
