#!/bin/bash
# Wrong (a wrong date): dates both orders 3 days out, the discount wholesaler's delivery time,
# instead of each supplier's own lead time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
order(SUMMIT, [{"sku": "TNT-2P", "quantity": 22}], due="2026-03-13")
order(ALPINE, [{"sku": "GAS-230", "quantity": 50}], due="2026-03-13")
reply()
PY
