#!/bin/bash
# wrong (one extra change): tries the V27U in the cart, then buys the three V27F with Buy now and leaves the three V27U sitting in the cart, changing the account beyond the one order.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
v27f = shop.call("GET", "/products/sku/VIR-2704")
order = shop.call("POST", "/checkout", {"address_id": home, "payment_method_id": card,
                                        "product_id": v27f["id"], "quantity": 3})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]], "cart:", shop.call("GET", "/cart")["item_count"])
PY
