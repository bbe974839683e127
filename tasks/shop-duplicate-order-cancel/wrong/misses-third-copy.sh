#!/bin/bash
# partial work: cancels ORD-410011 and ORD-410021 but overlooks the third copy of the vase order, ORD-410022, placed in the same minute.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes):
    for c in codes:
        o = shop.call("POST", f"/orders/{c}/cancel", {"reason": "duplicate order"})
        print("cancelled", c, o["status"])

cancel("ORD-410011", "ORD-410021")
PY
