#!/bin/bash
# WRONG payment: pays with the Visa instead of the Mastercard.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
addr = {a["label"]: a for a in shop.call("GET", "/addresses")["items"]}
pm = {p["brand"]: p for p in shop.call("GET", "/payment-methods")["items"]}
saved = [(l["sku"], l["quantity"]) for l in shop.call("GET", "/cart")["lines"]]
def order(lines, where="Office", card="Mastercard", restore=True, clear=True):
    if clear: shop.call("DELETE", "/cart")
    for s, q in lines: shop.call("POST", "/cart/items", {"sku": s, "quantity": q})
    o = shop.call("POST", "/checkout", {"address_id": addr[where]["id"], "payment_method_id": pm[card]["id"]})
    if restore:
        for s, q in saved: shop.call("POST", "/cart/items", {"sku": s, "quantity": q})
    return o

order([("KIT-5101", 3)], card="Visa")
PY
