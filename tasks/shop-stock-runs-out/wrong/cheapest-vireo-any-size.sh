#!/bin/bash
# WRONG (wrong equivalent): the cheapest Vireo monitor with three in stock, whatever its size (the 24-inch V24F).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    shop.call("DELETE", "/cart")
    cheapest = min((p for p in monitors(brand="Vireo") if p["stock"] >= QUANTITY and p["sku"] != WANTED), key=lambda p: p["price"])
    add(cheapest["sku"], QUANTITY)
    checkout()
PY
