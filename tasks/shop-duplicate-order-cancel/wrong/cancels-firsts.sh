#!/bin/bash
# WRONG: keeps the LAST of each group and cancels the first orders (ORD-410010, 410020, 410021) instead of the repeats.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes, reason="duplicate order"):
    for c in codes:
        shop.call("POST", f"/orders/{c}/cancel", {"reason": reason})

cancel("ORD-410010", "ORD-410020", "ORD-410021")
PY
