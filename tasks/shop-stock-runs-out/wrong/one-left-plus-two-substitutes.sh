#!/bin/bash
# WRONG (mixes models): takes the one V27U left and makes up the three with two of the cheapest other 27-inch Vireo.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    set_quantity(WANTED, 1)
    add("VIR-2704", 2)
    checkout()
PY
