#!/bin/bash
# Right decisions and merchants, but each reason drags in the other rejected report's code and owner ('same problem as EXP-2002 from Dave Okafor').
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]
def over(r): return [i["merchant"] for i in r["items"] if i["over_limit"]]
def approve(r): api.call("POST", f"/reports/{r['id']}/approve", {})
def reject(r, reason): api.call("POST", f"/reports/{r['id']}/reject", {"reason": reason})

bad = [r for r in reports if over(r)]
for r in reports:
    o = over(r)
    if o:
        other = next(x for x in bad if x["id"] != r["id"])
        reject(r, "Over the category limit: " + ", ".join(o) + f" (same problem as {other['code']} from {other['owner']['display_name'] if isinstance(other['owner'], dict) else other['owner']}).")
    else: approve(r)
PY
