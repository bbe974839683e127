#!/bin/bash
# Class: wrong action. Moves the extra copies to the archive instead of the trash; the instruction says they should go to the trash (and archiving is explicitly not wanted).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
inbox = api.call("GET", "/messages?folder=inbox&per_page=100")["items"]
full = {m["id"]: api.call("GET", f"/messages/{m['id']}") for m in inbox}
def key(m):
    return (m["from_address"], m["subject"], m["date"], m["body"])
def true_extras():
    seen, extra = set(), []
    for i in sorted(full):
        k = key(full[i])
        if k in seen:
            extra.append(i)
        seen.add(k)
    return extra


extra = true_extras()
api.call("POST", "/messages/bulk", {"ids": extra, "action": "archive"})
print("archived", extra)
PY
