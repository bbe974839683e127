#!/bin/bash
# Class: content / opposite-decision-polite. Right actions (rejects EXP-2002 and EXP-2004,
# approves the rest), but each rejection reason politely tells the owner the report is fine and
# approved, naming the merchant as within policy.
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
        reject(r, "Thanks for the tidy report! Everything is within policy, including "
               + ", ".join(over(r)) + ", so I am happy to approve it as submitted.")
    else:
        approve(r)
PY
