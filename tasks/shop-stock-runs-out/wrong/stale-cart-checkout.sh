#!/bin/bash
# WRONG (ignores the event): puts three V27U in the cart and checks out the cart as it was; the refusal (only one left) ends the run: no order, the three still in the cart.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
try_checkout()
PY
