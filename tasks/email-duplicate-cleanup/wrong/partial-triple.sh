#!/bin/bash
# Partial: trashes only one extra copy per duplicated mail, so the Offsite agenda (3 copies) is still there twice.
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

ex, done = [], set()
for i in dupes(inbox):
    k = exact(next(m for m in inbox if m["id"] == i))
    if k not in done: ex.append(i); done.add(k)
bulk(ex, "trash")
PY
