#!/bin/bash
# Class: wrong decision (boundary). Treats an item equal to the limit as over it, so EXP-2003
# (Legal Sea Foods, exactly 250.00 for a 250.00 limit) is rejected; the instruction only rejects
# items above the limit.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = [api.call("GET", f"/reports/{s['id']}") for s in
           api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]]
def over(report):
    return [i["merchant"] for i in report["items"] if i["over_limit"]]
def approve(report, note=None):
    api.call("POST", f"/reports/{report['id']}/approve", {"note": note} if note else {})
    print(report["code"], "approved")
def reject(report, reason):
    api.call("POST", f"/reports/{report['id']}/reject", {"reason": reason})
    print(report["code"], "rejected:", reason)

limits = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]}
for r in waiting:
    bad = [i["merchant"] for i in r["items"]
           if limits.get(i["category"]) is not None and i["base_amount"] >= limits[i["category"]]]
    if bad:
        reject(r, "Over the category limit: " + ", ".join(bad))
    else:
        approve(r)
PY
