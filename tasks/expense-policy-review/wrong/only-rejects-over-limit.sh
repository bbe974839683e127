#!/bin/bash
# Class: partial work. Rejects the two reports with an over-limit item (naming the merchants) but
# leaves the in-policy reports EXP-2001, EXP-2003 and EXP-2006 waiting instead of approving them.
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

for r in waiting:
    if over(r):
        reject(r, "Over the category limit: " + ", ".join(over(r)))
PY
