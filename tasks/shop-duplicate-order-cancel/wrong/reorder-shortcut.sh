#!/bin/bash
# Wrong (a forbidden shortcut): cancels every order of a repeated purchase, then orders the
# items once more, so one order is left per purchase but it is a new one.
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

repeated = {}
for order in orders:
    twins = [o for o in orders if o is not order and basket(o) == basket(order)
             and abs(at(o) - at(order)) <= timedelta(minutes=10)]
    if twins and order["status"] in ("paid", "processing"):
        repeated.setdefault(tuple(map(tuple, basket(order))), []).append(order)
address = shop.call("GET", "/addresses")["items"][0]["id"]
card = shop.call("GET", "/payment-methods")["items"][0]["id"]
for items, same in repeated.items():
    for order in same:
        shop.call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate"})
    for sku, quantity in items:
        shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
    shop.call("POST", "/checkout", {"address_id": address, "payment_method_id": card})
PY
