#!/bin/bash
# Correct alternative: finds the duplicates over the API, then cancels each extra copy like a
# browser: cookie login and the event page's delete form (POST /events/{id}/delete).
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
import urllib.request, urllib.parse, http.cookiejar
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def post(path, data):
    return op.open(urllib.request.Request("http://127.0.0.1:5006" + path, data=urllib.parse.urlencode(data).encode(), method="POST")).status
post("/login?next=/", {"username": "alice", "password": "alice-pass"})
for i in dupes(exact): print(i, post(f"/events/{i}/delete", {}))
PY
