#!/bin/bash
# Cancels every copy of a duplicated event, keeping none of them (Quarterly review, Dentist, Team lunch vanish entirely).
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

ex = dupes(exact); keys = {exact(e) for e in firsts if e["id"] in ex}
for e in firsts:
    if exact(e) in keys: cancel(e["id"])
PY
