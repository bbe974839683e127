#!/bin/bash
# Correct alternative: finds exact duplicates (sender, subject, date, body) via the API, then
# presses each extra copy's Delete button like a browser (POST /messages/{id}/action action=trash).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
def full(folder):
    its = api.call("GET", f"/messages?folder={folder}&per_page=100&sort=oldest")["items"]
    return [api.call("GET", f"/messages/{m['id']}") for m in sorted(its, key=lambda m: m["id"])]
inbox = full("inbox")
exact = lambda m: (m["from_address"], m["subject"], m["date"], m["body"])
def dupes(msgs, key=exact, keep="first"):
    seen, extra = set(), []
    for m in (msgs if keep == "first" else list(reversed(msgs))):
        k = key(m)
        if k in seen: extra.append(m["id"])
        seen.add(k)
    return extra
def bulk(ids, action, **kw):
    if ids: api.call("POST", "/messages/bulk", dict({"ids": ids, "action": action}, **kw))
import urllib.request, urllib.parse, http.cookiejar
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def post(path, data):
    return op.open(urllib.request.Request("http://127.0.0.1:5001" + path, data=urllib.parse.urlencode(data).encode(), method="POST")).status
post("/login?next=/", {"username": "alice", "password": "alice-pass"})
for i in dupes(inbox): print(i, post(f"/messages/{i}/action", {"action": "trash"}))
PY
