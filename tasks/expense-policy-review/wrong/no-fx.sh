#!/bin/bash
# WRONG: compares amounts in their own currency (no exchange rates): approves EXP-2002 (330 GBP < 400) and rejects only EXP-2004.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reps = {s["code"]: api.call("GET", "/reports/%s" % s["id"]) for s in waiting}
print(sorted(reps))
def approve(code): api.call("POST", "/reports/%s/approve" % reps[code]["id"], {})
def reject(code, reason): api.call("POST", "/reports/%s/reject" % reps[code]["id"], {"reason": reason})
def over(code): return [i["merchant"] for i in reps[code]["items"] if i["over_limit"]]

for c, r in reps.items():
    lim = {"lodging": 400, "meals": 75, "ground-transport": 120, "client-entertainment": 250, "conference-fees": 1200}
    o = [i["merchant"] for i in r["items"] if i["amount"] > lim[i["category"]]]
    if o: reject(c, "Over the category limit: " + ", ".join(o))
    else: approve(c)
PY
