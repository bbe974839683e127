#!/bin/bash
# Wrong (the look-alike decoy): finds the repeated purchases but keeps the *latest* order of
# each, cancelling the first ones instead of the repeats.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
orders = [shop.call("GET", f"/orders/{o['code']}")
          for o in shop.call("GET", "/orders?per_page=100")["items"]]
orders.sort(key=lambda o: (o["placed_at"], o["code"]))

groups = {}
for order in orders:
    groups.setdefault(tuple(sorted((i["sku"], i["quantity"]) for i in order["items"])), []).append(order)
for same in groups.values():
    recent = [o for o in same if o["status"] in ("paid", "processing")]
    if len(recent) > 1:
        for order in recent[:-1]:
            shop.call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate"})
PY
