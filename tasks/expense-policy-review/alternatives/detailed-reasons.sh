#!/bin/bash
# ALT (right): same decisions, reasons worded by hand with amounts and limits ("is not within the limit"), approve called with a comment-free body, rejections first.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reps = {s["code"]: api.call("GET", "/reports/%s" % s["id"]) for s in waiting}
def approve(code): api.call("POST", "/reports/%s/approve" % reps[code]["id"], {})
def reject(code, reason): api.call("POST", "/reports/%s/reject" % reps[code]["id"], {"reason": reason})
def over(code): return [i for i in reps[code]["items"] if i["over_limit"]]

order = sorted(reps, key=lambda c: not over(c))
for c in order:
    o = over(c)
    if not o: approve(c); continue
    parts = []
    for i in o:
        parts.append("%s (%s %.2f) is not within the %s per-item limit" % (i["merchant"], i.get("currency") or "USD", i["amount"], i["category"]))
    reject(c, "Sorry, I cannot approve this report: " + "; ".join(parts) + ". Please correct that item and resubmit.")
PY
