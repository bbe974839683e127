#!/bin/bash
# WRONG (ignores the event, partial): the checkout is refused, so it lowers the line to the one unit left and orders that: one monitor, not three.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    left = shop.call("GET", f"/products/sku/{WANTED}")["stock"]
    set_quantity(WANTED, left)
    checkout()
PY
