#!/bin/bash
# WRONG (decoy): swaps the low Isobutane canisters for the cheaper Generic Gas Canister (GAS-230G) from Trailhead Discount; tents right, receipt and mail right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(supplier_override={'GAS-230': 'Trailhead Discount Wholesale'}, supplier_override_sku={'GAS-230': 'GAS-230G'}))
PY
