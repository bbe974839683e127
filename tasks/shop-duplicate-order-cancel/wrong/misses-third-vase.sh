#!/bin/bash
# PARTIAL: cancels 410011 and 410021 but misses the third vase order 410022 (placed the same minute).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes, reason="duplicate order"):
    for c in codes:
        shop.call("POST", f"/orders/{c}/cancel", {"reason": reason})

cancel("ORD-410011", "ORD-410021")
PY
