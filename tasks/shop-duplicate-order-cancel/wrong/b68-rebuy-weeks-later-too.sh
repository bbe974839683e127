#!/bin/bash
# wrong (one extra change): cancels the three real repeats and also ORD-410040, the candles bought again on purpose a month after ORD-410001.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410011", "ORD-410021", "ORD-410022", "ORD-410040"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
PY
