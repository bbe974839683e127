#!/bin/bash
# Wrong (an effect undone before the end): cancels exactly the right repeats, but on the way
# puts the repeated items in the cart "to compare" and empties it again; the end state is
# clean, the audit log is not.
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

def basket(order):
    return sorted((i["sku"], i["quantity"]) for i in order["items"])

firsts = []
for order in orders:
    first = next((f for f in firsts if basket(f) == basket(order)
                  and at(order) - at(f) <= timedelta(minutes=10)), None)
    if first is None:
        firsts.append(order)
    elif order["status"] != "cancelled":
        for sku, quantity in basket(order):
            shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
        shop.call("DELETE", "/cart")
        shop.call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate order"})
PY
