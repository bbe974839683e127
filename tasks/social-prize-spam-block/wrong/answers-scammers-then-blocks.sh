#!/bin/bash
# wrong (forbidden reply): blocks the three scammers but first answers each with a message telling
# them to stop, which the instruction forbids.
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
    api.call("POST", f"/conversations/{u}/messages", {"text": "This is a scam. Stop messaging me."})
    block(u)
PY
