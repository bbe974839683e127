#!/bin/bash
# Correct alternative: REST, right decisions, reason worded "Not approved - <merchant> exceeds the per-item limit for its category; please fix and resubmit."
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
    reject(r, "Not approved - " + ", ".join(o) + " exceeds the per-item limit for its category; please fix and resubmit.") if o else approve(r)
PY
