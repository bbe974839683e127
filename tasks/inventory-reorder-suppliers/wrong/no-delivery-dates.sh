#!/bin/bash
# Wrong (a missing detail): sends both orders without a delivery date.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
order(SUMMIT, [{"sku": "TNT-2P", "quantity": 22}], due=None)
order(ALPINE, [{"sku": "GAS-230", "quantity": 50}], due=None)
reply()
PY
