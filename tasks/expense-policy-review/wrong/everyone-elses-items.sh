#!/bin/bash
# Class: content / everyone-elses-items. Right actions, but each rejection reason lists the
# merchant of every item of every waiting report (the offending one among them), so the owner
# cannot tell what to fix and sees other people's expenses.
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

everyone = [i["merchant"] for r in waiting for i in r["items"]]
for r in waiting:
    if over(r):
        reject(r, "Please check these merchants against the category limits: " + ", ".join(everyone))
    else:
        approve(r)
PY
