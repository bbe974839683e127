#!/bin/bash
# Class: wrong details. Rejects the right reports but names each report's first item's merchant
# (Transport for London, DevWorld Conference) instead of the over-limit one (The Hoxton Holborn,
# Franklin Barbecue).
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
        reject(r, "Over the category limit: " + r["items"][0]["merchant"])
    else:
        approve(r)
PY
