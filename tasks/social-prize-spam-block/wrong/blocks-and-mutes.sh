#!/bin/bash
# WRONG extra: blocks the three and also mutes them.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
def block(*names):
    for n in names: api.call("POST", "/blocks", {"username": n})
SCAMS = ["prize.center", "deals.daily", "lucky_draw_2026"]

block(*SCAMS)
for n in SCAMS: api.call("POST", "/mutes", {"username": n})
PY
