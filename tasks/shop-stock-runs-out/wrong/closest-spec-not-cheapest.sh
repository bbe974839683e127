#!/bin/bash
# WRONG (wrong equivalent): the closest model by its specs (the 4K V27U Pro), not the cheapest 27-inch Vireo with three in stock.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    shop.call("DELETE", "/cart")
    add("VIR-2703", QUANTITY)
    checkout()
PY
