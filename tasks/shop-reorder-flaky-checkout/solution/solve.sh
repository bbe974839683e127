#!/bin/bash
# Reference solution of shop-reorder-flaky-checkout: find last month's filters in the order
# history, set the mug aside, order the filters to the Office address with the Mastercard, put
# the mug back in the cart. Every call retries on 429/5xx, waiting as Retry-After says.
set -euo pipefail
python3 - <<'PY'
import json
import time
import urllib.error
import urllib.request

SHOP = "http://127.0.0.1:1234/api"


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    for _attempt in range(10):
        request = urllib.request.Request(SHOP + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            if exc.code not in (429, 500, 502, 503, 504):
                raise
            wait = float(exc.headers.get("Retry-After") or 1)
            print(f"{method} {path}: {exc.code}, retrying in {wait}s")
            time.sleep(wait)
    raise SystemExit(f"{method} {path}: still failing")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
history = call("GET", "/orders?per_page=50", token=token)["items"]
filters = None
for summary in history:
    for item in call("GET", f"/orders/{summary['code']}", token=token)["items"]:
        if "filter" in item["name"].lower():
            filters = filters or item  # newest order first: last month's purchase
address = next(a for a in call("GET", "/addresses", token=token)["items"] if a["label"] == "Office")
card = next(p for p in call("GET", "/payment-methods", token=token)["items"] if p["brand"] == "Mastercard")

cart = call("GET", "/cart", token=token)
set_aside = [(line["sku"], line["quantity"]) for line in cart["lines"]]
call("DELETE", "/cart", token=token)
call("POST", "/cart/items", {"sku": filters["sku"], "quantity": filters["quantity"]}, token)
order = call("POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]},
             token)
for sku, quantity in set_aside:
    call("POST", "/cart/items", {"sku": sku, "quantity": quantity}, token)
print("ordered", order["code"])
PY
