#!/bin/bash
# Plausible wrong solution: treats any later order of the same items as a duplicate, whatever
# the time between them, so the candles bought again on purpose are cancelled too.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

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
seen = set()
for order in sorted(orders, key=lambda o: o["placed_at"]):
    key = tuple(sorted((i["sku"], i["quantity"]) for i in order["items"]))
    if key in seen and order["status"] in ("paid", "processing", "pending"):
        call("POST", f"/orders/{order['code']}/cancel", {"reason": "duplicate"}, token)
    seen.add(key)
PY
