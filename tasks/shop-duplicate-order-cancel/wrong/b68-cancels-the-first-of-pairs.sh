#!/bin/bash
# wrong (wrong record of a near-twin pair): cancels the older copy of each pair (ORD-410010, ORD-410020) and one of the later vases (ORD-410022), keeping the last-placed instead of the first.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410010", "ORD-410020", "ORD-410022"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
PY
