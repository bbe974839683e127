#!/bin/bash
# look-alike decoy: besides the three real repeats, also cancels ORD-410040 (candles x2, the same basket as ORD-410001 a month earlier), a deliberate re-purchase.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes):
    for c in codes:
        o = shop.call("POST", f"/orders/{c}/cancel", {"reason": "duplicate order"})
        print("cancelled", c, o["status"])

cancel("ORD-410011", "ORD-410021", "ORD-410022", "ORD-410040")
PY
