#!/bin/bash
# WRONG place: the new purchase orders are for delivery to the West Coast DC instead of the East Coast DC; rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(warehouse='WEST'))
PY
