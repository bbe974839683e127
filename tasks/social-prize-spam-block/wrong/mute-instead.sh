#!/bin/bash
# Wrong (right targets, wrong action): mutes the scammers instead of blocking them; they can
# still message alice.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
for name in ("prize.center", "deals.daily", "lucky_draw_2026"):
    api.call("POST", "/mutes", {"username": name})
PY
