#!/bin/bash
# Wrong (the look-alike decoy): blocks the three scammers and also giveaway.king, whose scam is a
# public post mentioning alice, not a direct message.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
for name in ("prize.center", "deals.daily", "lucky_draw_2026", "giveaway.king"):
    api.call("POST", "/blocks", {"username": name})
PY
