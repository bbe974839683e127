#!/bin/bash
# WRONG extra: also cancels ORD-410031 (towels, quantity 3 vs 2: a real order).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes, reason="duplicate order"):
    for c in codes:
        shop.call("POST", f"/orders/{c}/cancel", {"reason": reason})

cancel("ORD-410011", "ORD-410021", "ORD-410022", "ORD-410031")
PY
