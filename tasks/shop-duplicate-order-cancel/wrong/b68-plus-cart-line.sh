#!/bin/bash
# wrong (right result plus one extra change): cancels exactly the three repeats, then puts the vase back in the cart 'to order later', changing the account beyond the cancellations.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410011", "ORD-410021", "ORD-410022"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
print(shop.call("POST", "/cart/items", {"sku": "HOM-400", "quantity": 1}))
PY
