#!/bin/bash
# WRONG (covered item reordered): orders before receiving and ignores what is still on order, so also sends Ridgeline a new order for 20 stoves (already covered by PO-1004); tents and gas right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(receive_first=False, qty='ignore_on_order'))
PY
