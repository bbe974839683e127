#!/bin/bash
# Class: wrong target. Treats the archived Weekly report (week 9) as the original and trashes its inbox copy too; the instruction says a mail filed elsewhere is not a duplicate of one in the inbox, so week 9 must stay in the inbox.
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
archived = api.call("GET", "/messages?folder=archive&per_page=100")["items"]
arch_keys = {key(api.call("GET", f"/messages/{a['id']}")) for a in archived}
extra += [i for i in full if key(full[i]) in arch_keys and i not in extra]
api.call("POST", "/messages/bulk", {"ids": extra, "action": "trash"})
print("trashed", extra)
PY
