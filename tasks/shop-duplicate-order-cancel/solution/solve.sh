#!/bin/bash
# Reference solution of shop-duplicate-order-cancel: compare each order with the one placed
# just before it; the same items and quantities within 10 minutes make it a repeat: cancel it.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

SHOP = "http://127.0.0.1:1234/api"

shop = ServiceClient(SHOP).login("alice", "alice-pass")
orders = [shop.call("GET", f"/orders/{o['code']}")
          for o in shop.call("GET", "/orders?per_page=100")["items"]]
orders.sort(key=lambda o: (o["placed_at"], o["code"]))

def basket(order):
    return sorted((i["sku"], i["quantity"]) for i in order["items"])

firsts = []
for order in orders:
    placed = datetime.fromisoformat(order["placed_at"].replace("Z", "+00:00"))
    first = next((f for f in firsts if basket(f[1]) == basket(order)
                  and placed - f[0] <= timedelta(minutes=10)), None)
    if first is None:
        firsts.append((placed, order))
    elif order["status"] != "cancelled":
        shop.call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate order"})
        print("cancelled", order["code"], "repeat of", first[1]["code"])
PY
