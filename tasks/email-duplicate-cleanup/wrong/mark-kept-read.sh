#!/bin/bash
# Trashes the right copies, then marks the kept copies read ('processed'), which the task forbade.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
def full(folder):
    its = api.call("GET", f"/messages?folder={folder}&per_page=100&sort=oldest")["items"]
    return [api.call("GET", f"/messages/{m['id']}") for m in sorted(its, key=lambda m: m["id"])]
inbox = full("inbox")
exact = lambda m: (m["from_address"], m["subject"], m["date"], m["body"])
def dupes(msgs, key=exact, keep="first"):
    seen, extra = set(), []
    for m in (msgs if keep == "first" else list(reversed(msgs))):
        k = key(m)
        if k in seen: extra.append(m["id"])
        seen.add(k)
    return extra
def bulk(ids, action, **kw):
    if ids: api.call("POST", "/messages/bulk", dict({"ids": ids, "action": action}, **kw))

ex = dupes(inbox); bulk(ex, "trash")
keys = {exact(m) for m in inbox if m["id"] in ex}
kept = [m["id"] for m in inbox if exact(m) in keys and m["id"] not in ex]
bulk(kept, "read")
PY
