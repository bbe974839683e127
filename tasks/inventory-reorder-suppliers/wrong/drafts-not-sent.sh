#!/bin/bash
# Wrong (partial job): drafts the two purchase orders but never sends them, so no supplier
# hears of them.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
order(SUMMIT, [{"sku": "TNT-2P", "quantity": 22}], send=False)
order(ALPINE, [{"sku": "GAS-230", "quantity": 50}], send=False)
reply()
PY
