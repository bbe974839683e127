#!/bin/bash
# WRONG (decoy): orders the low tents and gas from Trailhead Discount Wholesale at its cheaper offer (78.00 / 2.60) instead of each item's own supplier; the rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(supplier_override={'TNT-2P': 'Trailhead Discount Wholesale', 'GAS-230': 'Trailhead Discount Wholesale'}, unit_cost={'TNT-2P': 78.0, 'GAS-230': 2.6}))
PY
