#!/bin/bash
# Treats an item equal to the limit as over it: also rejects EXP-2003 (Legal Sea Foods, exactly 250 = limit). Wrong decision.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]
def over(r): return [i["merchant"] for i in r["items"] if i["over_limit"]]
def approve(r): api.call("POST", f"/reports/{r['id']}/approve", {})
def reject(r, reason): api.call("POST", f"/reports/{r['id']}/reject", {"reason": reason})

lim = {}
cats = api.call("GET", "/categories"); cats = cats["items"] if isinstance(cats, dict) else cats
lim = {c["slug"]: c["limit"] for c in cats}
for r in reports:
    o = [i["merchant"] for i in r["items"] if i["over_limit"] or abs(i["base_amount"] - lim[i["category"]]) < 0.005]
    reject(r, "Over the category limit: " + ", ".join(o)) if o else approve(r)
PY
