#!/bin/bash
# WRONG quantity: orders just each item's reorder quantity (20 tents, 48 canisters), not up to reorder point + reorder quantity; the rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(qty='reorder_quantity'))
PY
