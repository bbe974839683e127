#!/bin/bash
# ALT (correct): completes the five done tasks with the web UI's Complete buttons
# (POST /tasks/<id>/complete after /login), as a browser would.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, urllib.parse, urllib.request
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")  # reads only
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
def post(path, fields=None):
    with op.open("http://127.0.0.1:5002" + path, urllib.parse.urlencode(fields or {}).encode()) as r:
        return r.status
post("/login", {"username": "alice", "password": "alice-pass"})
for title in ["Call mom", "Pick up dry cleaning", "Water the plants", "Expense report for Berlin trip",
              "Renew SSL certificate for status page"]:
    q = urllib.parse.quote(title)
    (task,) = [t for t in api.call("GET", f"/tasks?status=open&per_page=100&q={q}")["items"] if t["title"] == title]
    print(title, post(f"/tasks/{task['id']}/complete"))
PY
