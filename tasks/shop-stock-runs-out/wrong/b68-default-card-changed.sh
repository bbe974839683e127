#!/bin/bash
# wrong (one extra change): orders the right substitute but first makes the Mastercard the default card and pays with it, changing the account's default payment.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
methods = shop.call("GET", "/payment-methods")
methods = methods["items"] if isinstance(methods, dict) else methods
mc = min(m["id"] for m in methods)
shop.call("POST", f"/payment-methods/{mc}/default")
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "VIR-2704", "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": mc})
print("placed", order["code"], order.get("payment_label"), [(i["sku"], i["quantity"]) for i in order["items"]])
PY
