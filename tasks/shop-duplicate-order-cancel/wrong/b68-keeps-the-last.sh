#!/bin/bash
# wrong (right count, wrong records): cancels the earlier copies and keeps the last of each group (ORD-410010, ORD-410020, ORD-410021 cancelled), so the same items remain but not the first order.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410010", "ORD-410020", "ORD-410021"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
PY
