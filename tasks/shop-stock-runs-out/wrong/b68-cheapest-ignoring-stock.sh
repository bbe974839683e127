#!/bin/bash
# wrong (near-twin record): picks the cheapest 27-inch Vireo by list price without checking stock (the V27Q, two left) and orders the two it can, settling for fewer.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import lines, place, swap_for

swap_for("VIR-2702", 2)
order = place()
print("placed", order["code"], lines(order))
PY
