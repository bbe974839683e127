#!/bin/bash
# Wrong (forbidden shortcut, same end state): unfollows deals.daily by hand before blocking the
# three; the block would have ended that follow anyway, but the user said not to unfollow.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
api.call("DELETE", "/follows/deals.daily")
for name in ("prize.center", "deals.daily", "lucky_draw_2026"):
    api.call("POST", "/blocks", {"username": name})
PY
