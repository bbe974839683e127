#!/bin/bash
# partial work: cancels only the repeats still in status paid (ORD-410021, ORD-410022) and skips ORD-410011 because it is already processing, though processing orders can still be cancelled.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes):
    for c in codes:
        o = shop.call("POST", f"/orders/{c}/cancel", {"reason": "duplicate order"})
        print("cancelled", c, o["status"])

cancel("ORD-410021", "ORD-410022")
PY
