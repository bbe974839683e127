#!/bin/bash
# wrong (incomplete): treats the repeats as pairs and cancels one copy of each (ORD-410011, ORD-410021), leaving the third vase order ORD-410022 open.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410011", "ORD-410021"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
PY
