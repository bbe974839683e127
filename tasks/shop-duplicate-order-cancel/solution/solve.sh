#!/bin/bash
# Reference solution of shop-duplicate-order-cancel: compare each order with the one placed
# just before it; the same items and quantities within 10 minutes make it a repeat: cancel it.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request
from datetime import datetime, timedelta

SHOP = "http://127.0.0.1:1234/api"


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(SHOP + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
orders = [call("GET", f"/orders/{o['code']}", token=token)
          for o in call("GET", "/orders?per_page=100", token=token)["items"]]
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
        call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate order"}, token)
        print("cancelled", order["code"], "repeat of", first[1]["code"])
PY
