#!/bin/bash
# wrong (wrong decision): groups orders by the products alone, ignoring quantities and dates, and keeps only the oldest of each group, cancelling every open later one (ORD-410011, ORD-410021, ORD-410022, ORD-410031, ORD-410040).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
orders = shop.call("GET", "/orders?per_page=100")["items"]
first: dict = {}
for o in sorted(orders, key=lambda o: o["placed_at"]):
    full = shop.call("GET", f"/orders/{o['code']}")
    key = frozenset(i["sku"] for i in full["items"])
    if key in first and o["status"] in ("pending", "paid", "processing"):
        print("cancel", o["code"], shop.call("POST", f"/orders/{o['code']}/cancel", {"reason": "duplicate"})["status"])
    first.setdefault(key, o["code"])
PY
