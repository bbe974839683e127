#!/bin/bash
# WRONG (wrong equivalent): the cheapest 27-inch Vireo by price alone (the V27Q, two in stock); three are refused, so it orders the two there are.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    shop.call("DELETE", "/cart")
    cheapest = min((p for p in monitors(brand="Vireo", in_stock="true") if "27-inch" in p["name"] and p["sku"] != WANTED), key=lambda p: p["price"])
    print("substitute:", cheapest["sku"], cheapest["stock"])
    add(cheapest["sku"], min(QUANTITY, cheapest["stock"]))
    checkout()
PY
