#!/bin/bash
# wrong (done twice): orders the right substitute (three V27F) in two identical orders, as a double click on Place order would.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
shop.call("DELETE", "/cart")
v27f = shop.call("GET", "/products/sku/VIR-2704")
for _ in range(2):
    order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card,
                                            "product_id": v27f["id"], "quantity": 3})
    print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
