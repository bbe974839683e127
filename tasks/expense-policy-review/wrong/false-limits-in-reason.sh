#!/bin/bash
# WRONG: right decisions and right merchants, but each rejection reason states false policy facts (wrong limit and wrong amount: 'GBP 330 exceeds the GBP 300 lodging cap', 'USD 80.50 exceeds the USD 50 meals cap'); the owner would be misled about what to fix.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]

facts = {"The Hoxton Holborn": "GBP 330.00 exceeds the GBP 300 lodging cap", "Franklin Barbecue": "USD 80.50 exceeds the USD 50 meals cap"}
for r in reports:
    over = [i["merchant"] for i in r["items"] if i["over_limit"]]
    if over:
        reason = "; ".join(f"{m}: {facts.get(m, 'over the limit')}" for m in over)
        api.call("POST", f"/reports/{r['id']}/reject", {"reason": reason})
    else:
        api.call("POST", f"/reports/{r['id']}/approve", {})

PY
