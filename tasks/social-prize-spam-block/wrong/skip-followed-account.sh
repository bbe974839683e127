#!/bin/bash
# Wrong (incomplete): blocks only the scammers alice does not follow, trusting deals.daily
# because she follows it.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
for name in ("prize.center", "lucky_draw_2026"):
    api.call("POST", "/blocks", {"username": name})
PY
