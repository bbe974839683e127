#!/bin/bash
# wrong (near-twin record): orders three V27C, the next-cheapest 27-inch Vireo with three in stock, after reading 'closest' as the QHD panel the V27Q has.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import lines, place, swap_for

swap_for("VIR-2705")
order = place()
print("placed", order["code"], lines(order))
PY
