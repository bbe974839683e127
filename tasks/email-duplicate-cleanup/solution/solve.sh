#!/bin/bash
# Reference solution of email-duplicate-cleanup: group Alice's inbox by the full identity of a
# mail (sender, subject, date, body) and move every copy but the oldest id to the trash.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

BASE = "http://127.0.0.1:5001/api"

api = ServiceClient(BASE).login("alice", "alice-pass")
items = api.call("GET", "/messages?folder=inbox&per_page=100&sort=oldest")["items"]
seen, extra = set(), []
for summary in sorted(items, key=lambda m: m["id"]):
    full = api.call("GET", f"/messages/{summary['id']}")
    key = (full["from_address"], full["subject"], full["date"], full["body"])
    if key in seen:
        extra.append(full["id"])
    seen.add(key)
if extra:
    api.call("POST", "/messages/bulk", {"ids": extra, "action": "trash"})
print("trashed", extra)
PY
