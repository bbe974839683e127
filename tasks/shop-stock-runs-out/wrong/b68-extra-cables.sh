#!/bin/bash
# wrong (right result plus one extra change): orders the right three V27F, and puts three DisplayPort cables in the same order for the new desks, which nobody asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import cart, lines, place, swap_for

swap_for("VIR-2704")
cart("ACC-5102")
order = place()
print("placed", order["code"], lines(order))
PY
