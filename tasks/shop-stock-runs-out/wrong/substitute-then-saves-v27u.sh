#!/bin/bash
# WRONG (collateral): orders the right substitute, then puts the one V27U left back in the cart for later: the cart is left changed.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    shop.call("DELETE", "/cart")
    add("VIR-2704", QUANTITY)
    checkout()
    add(WANTED, 1)
PY
