#!/bin/bash
# Class: partial work. Trashes only the extra copy of the first duplicated mail it finds (the CloudHost invoice) and stops; the Offsite agenda and Benefits copies stay duplicated.
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
first = min(extra)
api.call("POST", f"/messages/{first}/move", {"folder": "trash"})
print("trashed", [first])
PY
