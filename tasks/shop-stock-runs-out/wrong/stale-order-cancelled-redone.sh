#!/bin/bash
# WRONG (forbidden shortcut undone): orders the one V27U left, cancels that order, then orders the right substitute: a cancellation and a second checkout.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    set_quantity(WANTED, 1)
    code = checkout()["code"]
    shop.call("POST", f"/orders/{code}/cancel", {"reason": "not enough stock"})
    add("VIR-2704", QUANTITY)
    checkout()
PY
