#!/bin/bash
# WRONG (channel): does the whole job correctly but through the JSON API, not the MCP tools.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
saved = [(l["sku"], l["quantity"]) for l in api.call("GET", "/cart")["lines"]]
api.call("DELETE", "/cart")
api.call("POST", "/cart/items", {"sku": "OFF-1401", "quantity": 1})
addrs = api.call("GET", "/addresses"); addrs = addrs["items"] if isinstance(addrs, dict) else addrs
pms = api.call("GET", "/payment-methods"); pms = pms["items"] if isinstance(pms, dict) else pms
work = next(a for a in addrs if a["label"] == "Work"); gift = next(m for m in pms if m["type"] == "gift_card")
api.call("POST", "/checkout", {"address_id": work["id"], "payment_method_id": gift["id"]})
for s, q in saved:
    api.call("POST", "/cart/items", {"sku": s, "quantity": q})
PY
