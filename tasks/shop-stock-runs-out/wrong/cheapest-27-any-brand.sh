#!/bin/bash
# WRONG (wrong equivalent): the cheapest 27-inch monitor with three in stock, whatever its brand (the Lumax L27).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    shop.call("DELETE", "/cart")
    cheapest = min((p for p in monitors() if "27-inch" in p["name"] and p["stock"] >= QUANTITY and p["sku"] != WANTED), key=lambda p: p["price"])
    add(cheapest["sku"], QUANTITY)
    checkout()
PY
