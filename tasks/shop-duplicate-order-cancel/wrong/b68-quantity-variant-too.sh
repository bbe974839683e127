#!/bin/bash
# wrong (one extra change): cancels the three real repeats and also ORD-410031, towels ordered two minutes after ORD-410030 but in a different quantity, which the instruction says is a real order.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410011", "ORD-410021", "ORD-410022", "ORD-410031"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
PY
