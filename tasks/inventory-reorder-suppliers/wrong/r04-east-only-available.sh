#!/bin/bash
# WRONG quantity: counts only the East DC's available stock (ignores the West DC), so orders 25 tents and 55 canisters; the rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(qty='east_only'))
PY
