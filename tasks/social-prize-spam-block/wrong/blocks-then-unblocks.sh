#!/bin/bash
# wrong (undone): blocks the three scammers, then unblocks them again (e.g. 'testing' the block),
# leaving nobody blocked.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
for c in api.call("GET", "/conversations")["items"]:
    other = c["with_user"]["username"]
    texts = [m["text"] for m in api.call("GET", f"/conversations/{other}?per_page=100")["items"] if m["sender"] == other]
    print(other, "|", " / ".join(texts))
SCAMS = ["prize.center", "deals.daily", "lucky_draw_2026"]
def block(u):
    api.call("POST", "/blocks", {"username": u})
    print("blocked", u)

for u in SCAMS:
    block(u)
for u in SCAMS:
    api.call("DELETE", f"/blocks/{u}")
    print("unblocked", u)
PY
