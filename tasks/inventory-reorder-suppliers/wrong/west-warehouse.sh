#!/bin/bash
# Wrong (wrong place): orders both for delivery to the West Coast DC.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
order(SUMMIT, [{"sku": "TNT-2P", "quantity": 22}], warehouse="WEST")
order(ALPINE, [{"sku": "GAS-230", "quantity": 50}], warehouse="WEST")
reply()
PY
