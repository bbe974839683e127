#!/bin/bash
# Wrong (an effect undone before the end): marks the whole inbox read while comparing the
# mails, trashes the right extra copies, then marks the unread ones unread again. The end
# state is clean, the audit log is not.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
items = api.call("GET", "/messages?folder=inbox&per_page=100")["items"]
full = [api.call("GET", f"/messages/{m['id']}") for m in sorted(items, key=lambda m: m["id"])]
seen, extra = set(), []
for message in full:
    key = (message["from_address"], message["subject"], message["date"], message["body"])
    (extra if key in seen else []).append(message["id"])
    seen.add(key)
unread = [m["id"] for m in full if not m["read"]]
api.call("POST", "/messages/bulk", {"ids": [m["id"] for m in full], "action": "read"})
api.call("POST", "/messages/bulk", {"ids": extra, "action": "trash"})
api.call("POST", "/messages/bulk", {"ids": unread, "action": "unread"})
PY
