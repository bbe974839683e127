#!/bin/bash
# alternative (REST, another order): reads every order with its items, groups them by the exact items and quantities, treats an order as an accidental repeat when it was placed within five minutes of the previous one in its group, and cancels the repeats newest first.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
orders, page = [], 1
while True:
    answer = shop.call("GET", f"/orders?page={page}&per_page=50")
    orders += answer["items"]
    if page * answer["per_page"] >= answer["total"]:
        break
    page += 1
full = [shop.call("GET", f"/orders/{o['code']}") for o in orders]
when = {o["code"]: datetime.fromisoformat(o["placed_at"].replace("Z", "+00:00")) for o in full}
groups: dict = {}
for o in sorted(full, key=lambda o: (when[o["code"]], o["code"])):
    key = tuple(sorted((i["sku"], i["quantity"]) for i in o["items"]))
    groups.setdefault(key, []).append(o)
repeats = []
for same in groups.values():
    for before, after in zip(same, same[1:]):
        if when[after["code"]] - when[before["code"]] <= timedelta(minutes=5):
            repeats.append(after)
for o in sorted(repeats, key=lambda o: when[o["code"]], reverse=True):
    print("repeat", o["code"], o["status"], [(i["sku"], i["quantity"]) for i in o["items"]])
    print(" ->", shop.call("POST", f"/orders/{o['code']}/cancel", {"reason": "accidental duplicate"})["status"])
PY
