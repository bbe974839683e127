#!/bin/bash
# Partial job: rejects the two over-limit reports with right reasons but never approves the in-policy ones.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]
def over(r): return [i["merchant"] for i in r["items"] if i["over_limit"]]
def approve(r): api.call("POST", f"/reports/{r['id']}/approve", {})
def reject(r, reason): api.call("POST", f"/reports/{r['id']}/reject", {"reason": reason})

for r in reports:
    o = over(r)
    if o: reject(r, "Over the category limit: " + ", ".join(o))
PY
