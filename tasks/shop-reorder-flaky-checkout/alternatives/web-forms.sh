#!/bin/bash
# ALT (correct): through the shop's web UI forms like a browser (login, cart forms, checkout form),
# retrying when a form answers 429/503.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, urllib.parse, urllib.request, urllib.error, time, json
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")   # reads only
addr = next(a for a in api.call("GET", "/addresses")["items"] if a["label"] == "Office")
mc = next(p for p in api.call("GET", "/payment-methods")["items"] if p["brand"] == "Mastercard")
lines = api.call("GET", "/cart")["lines"]
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def post(path, fields):
    for _ in range(20):
        try:
            with op.open("http://127.0.0.1:1234" + path, urllib.parse.urlencode(fields).encode()) as r:
                return r.status
        except urllib.error.HTTPError as e:
            if e.code in (429, 503):
                time.sleep(int(e.headers.get("Retry-After") or 1) + 0.2); continue
            raise SystemExit(f"{path}: {e.code} {e.read()[:400]}")
post("/login", {"username": "alice", "password": "alice-pass"})
prod = api.call("GET", "/products?q=coffee%20filters")["items"]
f4 = next(x for x in prod if x["sku"] == "KIT-5101")
for l in lines:
    post(f"/cart/items/{l['id']}", {"quantity": "0"})
post("/cart/add", {"product_id": str(f4["id"]), "quantity": "3"})
post("/checkout", {"address_id": str(addr["id"]), "payment_method_id": str(mc["id"]), "note": ""})
for l in lines:
    post("/cart/add", {"sku": l["sku"], "quantity": str(l["quantity"])})
PY
