#!/bin/bash
# WRONG extra: cancels the right repeats and also requests a return of the delivered candles order ORD-410001.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes, reason="duplicate order"):
    for c in codes:
        shop.call("POST", f"/orders/{c}/cancel", {"reason": reason})

cancel("ORD-410011", "ORD-410021", "ORD-410022")
shop.call("POST", "/orders/ORD-410001/return", {"reason": "duplicate of a later order"})
PY
