#!/bin/bash
# Class: wrong details (missing required content). Right decisions, but each rejection reason
# names only the category and amount ("A lodging item of 419.10 USD is over the policy limit"),
# never the merchant the instruction asks for.
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
    bad = [i for i in r["items"] if i["over_limit"]]
    if bad:
        reject(r, f"A {bad[0]['category']} item of {bad[0]['base_amount']:.2f} USD is over the policy limit, please fix and resubmit.")
    else:
        approve(r)
PY
