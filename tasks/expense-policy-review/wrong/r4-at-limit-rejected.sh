#!/bin/bash
# WRONG: treats an item exactly at the limit as over it: also rejects EXP-2003 (Legal Sea Foods, 250 of 250).
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

for c in reps:
    o = over(c)
    if c == "EXP-2003": reject(c, "Over the category limit: Legal Sea Foods")
    elif not o: approve(c)
    else: reject(c, "Over the category limit: " + ", ".join(o))
PY
