#!/bin/bash
# WRONG (orders both): orders the one V27U left, then three of the substitute in a second order.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    set_quantity(WANTED, 1)
    checkout()
    add("VIR-2704", QUANTITY)
    checkout()
PY
