#!/bin/bash
# WRONG channel: right return and cancellation but through the JSON API, which the instruction forbids.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
d = shop.call("GET", "/orders/ORD-100001")
cable = next(i for i in d["items"] if "USB-C" in i["name"])
shop.call("POST", "/orders/ORD-100001/return", {"reason": "one cable pack arrived broken", "items": [{"item_id": cable["id"], "quantity": 1}], "refund_method": "store_credit"})
shop.call("POST", "/orders/ORD-100003/cancel", {"reason": "found it cheaper elsewhere"})
PY
