#!/bin/bash
# ALT (correct): blocks the three prize scammers with the Block button of each profile page in the
# web UI (POST /u/<username>/block after logging in at /login), as a browser would.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, urllib.parse, urllib.request
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
def post(path, fields=None):
    with op.open("http://127.0.0.1:5008" + path, urllib.parse.urlencode(fields or {}).encode()) as r:
        return r.status
post("/login", {"username": "alice", "password": "alice-pass"})
for n in ("lucky_draw_2026", "prize.center", "deals.daily"):
    print(n, post(f"/u/{n}/block"))
PY
