#!/bin/bash
# Plausible wrong solution: treats any later order of the same items as a duplicate, whatever
# the time between them, so the candles bought again on purpose are cancelled too.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

SHOP = "http://127.0.0.1:1234/api"

shop = ServiceClient(SHOP).login("alice", "alice-pass")
orders = [shop.call("GET", f"/orders/{o['code']}")
          for o in shop.call("GET", "/orders?per_page=100")["items"]]
seen = set()
for order in sorted(orders, key=lambda o: o["placed_at"]):
    key = tuple(sorted((i["sku"], i["quantity"]) for i in order["items"]))
    if key in seen and order["status"] in ("paid", "processing", "pending"):
        shop.call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate"})
    seen.add(key)
PY
