#!/bin/bash
# ALT (correct): cancels the three repeats (ORD-410011, ORD-410021, ORD-410022) with the web UI's
# cancel forms, as a browser would after logging in at /login.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, urllib.parse, urllib.request
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
base = "http://127.0.0.1:1234"
def post(path, fields):
    with op.open(base + path, urllib.parse.urlencode(fields).encode()) as r:
        return r.status
post("/login", {"username": "alice", "password": "alice-pass"})
for code in ("ORD-410011", "ORD-410021", "ORD-410022"):
    print(code, post(f"/orders/{code}/cancel", {"reason": "accidental duplicate"}))
PY
