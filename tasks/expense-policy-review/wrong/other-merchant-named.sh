#!/bin/bash
# WRONG: right decisions, but the EXP-2002 rejection also names Transport for London (within the limit), which the instruction forbids.
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
    if not o: approve(c)
    elif c == "EXP-2002": reject(c, "The Hoxton Holborn is over the lodging limit; Transport for London is fine.")
    else: reject(c, "Over the category limit: " + ", ".join(o))
PY
