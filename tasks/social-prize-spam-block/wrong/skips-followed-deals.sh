#!/bin/bash
# PARTIAL: treats deals.daily as a 'service I use' because alice follows it, so blocks only prize.center and lucky_draw_2026.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
def block(*names):
    for n in names: api.call("POST", "/blocks", {"username": n})
SCAMS = ["prize.center", "deals.daily", "lucky_draw_2026"]

block("prize.center", "lucky_draw_2026")
PY
