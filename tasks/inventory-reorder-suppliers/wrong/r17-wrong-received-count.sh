#!/bin/bash
# WRONG mail detail: the reply says 20 stoves were received and only the 10 kettles are outstanding (the order's quantities, not the delivery's); inventory right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(body='Dear Tom,\n\nThank you for the delivery on PO-1004: we received 20 Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\nStill outstanding: 10 Camp Kettles 1 L (KTL-1L). When will you deliver them?\n\nBest regards,\nAlice Martin'))
PY
