#!/bin/bash
# WRONG: treats an item exactly at its limit as over it (>=), so Erin's 250.00 client dinner (limit 250, not above it) is rejected naming Legal Sea Foods; the policy only rejects items above the limit.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]

import json
lim = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]} if isinstance(api.call("GET", "/categories"), dict) else {c["slug"]: c["limit"] for c in api.call("GET", "/categories")}
for r in reports:
    over = [i["merchant"] for i in r["items"] if i["over_limit"] or (abs(float(i["base_amount"]) - float(lim.get(i["category"] if isinstance(i["category"], str) else i["category"]["slug"], 1e9))) < 0.005)]
    if over:
        api.call("POST", f"/reports/{r['id']}/reject", {"reason": "Over the category limit: " + ", ".join(over)})
    else:
        api.call("POST", f"/reports/{r['id']}/approve", {})
    print(r["code"], over)

PY
