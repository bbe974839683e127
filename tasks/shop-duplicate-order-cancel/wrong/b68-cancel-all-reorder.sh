#!/bin/bash
# wrong (right outcome by other means): cancels every open order of a repeated group, first copies included, then places one fresh order of each group's items, so the items match but the first orders are gone and new orders exist.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
where = {"address_id": profile["default_address_id"], "payment_method_id": profile["default_payment_method_id"]}
for code in ("ORD-410010", "ORD-410011", "ORD-410020", "ORD-410021", "ORD-410022"):
    shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})
for items in ((("HOM-100", 1), ("HOM-200", 4)), (("HOM-400", 1),)):
    for sku, qty in items:
        shop.call("POST", "/cart/items", {"sku": sku, "quantity": qty})
    print("reordered", shop.call("POST", "/checkout", where)["code"])
PY
