#!/bin/bash
# Compares raw amounts with the limits ignoring currency (no exchange rate): approves EXP-2002 whose 330 GBP hotel is 419 USD > 400. Wrong decision.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]
def over(r): return [i["merchant"] for i in r["items"] if i["over_limit"]]
def approve(r): api.call("POST", f"/reports/{r['id']}/approve", {})
def reject(r, reason): api.call("POST", f"/reports/{r['id']}/reject", {"reason": reason})

lim = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]} if isinstance(api.call("GET", "/categories"), dict) else {c["slug"]: c["limit"] for c in api.call("GET", "/categories")}
for r in reports:
    o = [i["merchant"] for i in r["items"] if i["amount"] > lim[i["category"]]]
    reject(r, "Over the category limit: " + ", ".join(o)) if o else approve(r)
PY
