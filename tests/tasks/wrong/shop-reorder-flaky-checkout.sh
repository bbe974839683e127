#!/bin/bash
# Plausible wrong solution: retries correctly, but checks out the whole cart (the mug too) with
# the default address and card.
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
            if exc.code not in (429, 503):
                raise
            time.sleep(float(exc.headers.get("Retry-After") or 1))
    raise SystemExit("still failing")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
profile = call("GET", "/profile", token=token)
call("POST", "/cart/items", {"sku": "KIT-5101", "quantity": 3}, token)
call("POST", "/checkout", {"address_id": profile["default_address_id"],
                           "payment_method_id": profile["default_payment_method_id"]}, token)
PY
