#!/bin/bash
# wrong (one extra change): cancels the three repeats, and also requests a return of ORD-410001, the delivered candle order that ORD-410040 repeats a month later, as if that were the duplicate.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410011", "ORD-410021", "ORD-410022"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
print(shop.call("POST", "/orders/ORD-410001/return", {"reason": "bought twice"})["status"])
PY
