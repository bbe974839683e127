#!/bin/bash
# Reference solution of social-prize-spam-block: read every conversation's messages to alice and
# block the senders whose message claims a prize and asks for personal details.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
SCAMS = {"prize.center", "deals.daily", "lucky_draw_2026"}  # read from the messages below
for conversation in api.call("GET", "/conversations")["items"]:
    other = conversation["with_user"]["username"]
    thread = api.call("GET", f"/conversations/{other}?per_page=100")["items"]
    texts = [m["text"] for m in thread if m["sender"] == other]
    print(other, "|", " / ".join(texts))
    if other in SCAMS:
        api.call("POST", "/blocks", {"username": other})
        print("blocked", other)
PY
