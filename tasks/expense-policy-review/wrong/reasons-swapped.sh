#!/bin/bash
# Right decisions but the rejection reasons are swapped between the two rejected reports (each names the other report s merchant).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]
def over(r): return [i["merchant"] for i in r["items"] if i["over_limit"]]
def approve(r): api.call("POST", f"/reports/{r['id']}/approve", {})
def reject(r, reason): api.call("POST", f"/reports/{r['id']}/reject", {"reason": reason})

bad = [r for r in reports if over(r)]
for r in reports:
    if r in bad:
        other = bad[(bad.index(r) + 1) % len(bad)]
        reject(r, "Over the category limit: " + ", ".join(over(other)))
    else: approve(r)
PY
