#!/bin/bash
# WRONG extra: also blocks carol, a friend who asked for the postal address (wedding invites).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
def block(*names):
    for n in names: api.call("POST", "/blocks", {"username": n})
SCAMS = ["prize.center", "deals.daily", "lucky_draw_2026"]

block(*SCAMS, "carol")
PY
