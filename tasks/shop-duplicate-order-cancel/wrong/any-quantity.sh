#!/bin/bash
# Wrong (right effect, wrong details): compares the products but not their quantities, so the
# second towel order (3 towels, not 2) is cancelled as a repeat too.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
orders = [shop.call("GET", f"/orders/{o['code']}")
          for o in shop.call("GET", "/orders?per_page=100")["items"]]
orders.sort(key=lambda o: (o["placed_at"], o["code"]))

from datetime import datetime, timedelta

def at(order):
    return datetime.fromisoformat(order["placed_at"].replace("Z", "+00:00"))

firsts = []
for order in orders:
    skus = sorted(i["sku"] for i in order["items"])
    first = next((f for f in firsts if f[1] == skus and at(order) - at(f[0]) <= timedelta(minutes=10)), None)
    if first is None:
        firsts.append((order, skus))
    elif order["status"] != "cancelled":
        shop.call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate"})
PY
