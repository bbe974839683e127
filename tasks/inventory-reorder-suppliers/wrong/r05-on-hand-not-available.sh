#!/bin/bash
# WRONG quantity: counts on-hand stock instead of available (ignores the 2 tents reserved for SO-2011): orders 20 tents instead of 22; gas right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(qty='on_hand'))
PY
