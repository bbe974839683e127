#!/bin/bash
# Class: content / copied-instruction. Right actions, but the rejection reason is the
# instruction's own sentences pasted back, not the merchant of the over-limit item.
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

TEXT = ("reject each one that has an item above its category's per-item limit (limits are in the "
        "company's base currency; items in other currencies count at the company's exchange rates). "
        "In each rejection reason, name the merchant of every item that is over the limit, so the "
        "owner knows what to fix.")
for r in waiting:
    if over(r):
        reject(r, TEXT)
    else:
        approve(r)
PY
