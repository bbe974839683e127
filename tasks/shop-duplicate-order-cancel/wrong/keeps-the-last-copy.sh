#!/bin/bash
# wrong target: in each burst cancels the earlier orders and keeps the last copy (cancels ORD-410010, ORD-410020, ORD-410021); the instruction says the first order must remain.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes):
    for c in codes:
        o = shop.call("POST", f"/orders/{c}/cancel", {"reason": "duplicate order"})
        print("cancelled", c, o["status"])

cancel("ORD-410010", "ORD-410020", "ORD-410021")
PY
