#!/bin/bash
# Class: partial work. Assumes each mail was delivered exactly twice and trashes one copy per group, so the Offsite agenda (delivered three times) is still in the inbox twice.
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


groups = {}
for i in sorted(full):
    groups.setdefault(key(full[i]), []).append(i)
extra = [ids[1] for ids in groups.values() if len(ids) > 1]
api.call("POST", "/messages/bulk", {"ids": extra, "action": "trash"})
print("trashed", extra)
PY
