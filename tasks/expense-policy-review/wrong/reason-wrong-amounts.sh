#!/bin/bash
# Right decisions and merchants, but the reasons quote wrong amounts/limits (raw foreign amount as USD, wrong limit), e.g. Hoxton 330.00 USD over the 300 USD limit.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]
def over(r): return [i["merchant"] for i in r["items"] if i["over_limit"]]
def approve(r): api.call("POST", f"/reports/{r['id']}/approve", {})
def reject(r, reason): api.call("POST", f"/reports/{r['id']}/reject", {"reason": reason})

for r in reports:
    o = [i for i in r["items"] if i["over_limit"]]
    if o: reject(r, "; ".join(f"{i['merchant']}: {i['amount']:.2f} USD is over the {i['amount']*0.9:.0f} USD limit" for i in o))
    else: approve(r)
PY
