#!/bin/bash
# Plausible wrong solution: de-duplicates by subject alone, so the older weekly report (a
# different mail with the same subject) goes to the trash too.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

BASE = "http://127.0.0.1:5001/api"

api = ServiceClient(BASE).login("alice", "alice-pass")
items = api.call("GET", "/messages?folder=inbox&per_page=100")["items"]
seen, extra = set(), []
for message in sorted(items, key=lambda m: -m["id"]):
    if message["subject"] in seen:
        extra.append(message["id"])
    seen.add(message["subject"])
api.call("POST", "/messages/bulk", {"ids": extra, "action": "trash"})
PY
