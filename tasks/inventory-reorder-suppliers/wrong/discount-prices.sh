#!/bin/bash
# Wrong (a wrong amount): the right suppliers and quantities, but at the discount mail's prices
# (78.00 a tent, 2.60 a canister) instead of the usual cost.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
order(SUMMIT, [{"sku": "TNT-2P", "quantity": 22, "unit_cost": 78.0}])
order(ALPINE, [{"sku": "GAS-230", "quantity": 50, "unit_cost": 2.6}])
reply()
PY
