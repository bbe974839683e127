#!/bin/bash
# wrong (partial): treats deals.daily as a 'service I use' because Alice follows it and leaves it
# unblocked, although its DM is a prize-claim scam asking for address and date of birth.
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

for u in ["prize.center", "lucky_draw_2026"]:
    block(u)
PY
