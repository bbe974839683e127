#!/bin/bash
# WRONG channel: the right order (notebook alone, Work, gift card, cart restored) but done through the
# shop's JSON API, which the instruction forbids ("only through its MCP server").
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
nb = next(p for p in shop.call("GET", "/products?q=dotted%20notebook")["items"] if "A5" in p["name"])
saved = [(l["sku"], l["quantity"]) for l in shop.call("GET", "/cart")["lines"]]
work = next(a for a in shop.call("GET", "/addresses")["items"] if a["label"] == "Work")
gift = next(m for m in shop.call("GET", "/payment-methods")["items"] if m["type"] == "gift_card")
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": nb["sku"], "quantity": 1})
shop.call("POST", "/checkout", {"address_id": work["id"], "payment_method_id": gift["id"]})
for s, q in saved:
    shop.call("POST", "/cart/items", {"sku": s, "quantity": q})
PY
