#!/bin/bash
# Reference solution of email-duplicate-cleanup: group Alice's inbox by the full identity of a
# mail (sender, subject, date, body) and move every copy but the oldest id to the trash.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

BASE = "http://127.0.0.1:5001/api"


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(BASE + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
items = call("GET", "/messages?folder=inbox&per_page=100&sort=oldest", token=token)["items"]
seen, extra = set(), []
for summary in sorted(items, key=lambda m: m["id"]):
    full = call("GET", f"/messages/{summary['id']}", token=token)
    key = (full["from_address"], full["subject"], full["date"], full["body"])
    if key in seen:
        extra.append(full["id"])
    seen.add(key)
if extra:
    call("POST", "/messages/bulk", {"ids": extra, "action": "trash"}, token)
print("trashed", extra)
PY
