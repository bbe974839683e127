#!/bin/bash
# Plausible wrong solution: de-duplicates by subject alone, so the older weekly report (a
# different mail with the same subject) goes to the trash too.
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
items = call("GET", "/messages?folder=inbox&per_page=100", token=token)["items"]
seen, extra = set(), []
for message in sorted(items, key=lambda m: -m["id"]):
    if message["subject"] in seen:
        extra.append(message["id"])
    seen.add(message["subject"])
call("POST", "/messages/bulk", {"ids": extra, "action": "trash"}, token)
PY
