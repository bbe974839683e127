#!/bin/bash
# wrong (wrong decision): orders three of the cheapest Vireo monitor in stock, the 24-inch V24F, ignoring that the equivalent must have the same 27-inch screen.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import lines, place, swap_for

swap_for("VIR-2401")
order = place()
print("placed", order["code"], lines(order))
PY
