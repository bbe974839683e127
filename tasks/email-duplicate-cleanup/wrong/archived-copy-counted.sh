#!/bin/bash
# Wrong (the look-alike decoy): counts the copy Alice filed in the archive as a duplicate of
# the inbox's weekly report, and trashes the inbox one.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
everywhere = api.call("GET", "/messages?per_page=100")["items"]
full = [api.call("GET", f"/messages/{m['id']}") for m in sorted(everywhere, key=lambda m: m["id"])]
seen, extra = set(), []
for message in sorted(full, key=lambda m: (m["folder"] != "archive", m["id"])):
    key = (message["from_address"], message["subject"], message["date"], message["body"])
    if key in seen and message["folder"] == "inbox":
        extra.append(message["id"])
    seen.add(key)
api.call("POST", "/messages/bulk", {"ids": extra, "action": "trash"})
PY
