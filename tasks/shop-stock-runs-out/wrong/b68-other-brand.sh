#!/bin/bash
# wrong (wrong decision): orders three Lumax L27K, a 27-inch 4K monitor like the V27U, but of another brand than Vireo.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import lines, place, swap_for

swap_for("LMX-2702")
order = place()
print("placed", order["code"], lines(order))
PY
