#!/bin/bash
# WRONG mail detail: the reply swaps the outstanding quantities (10 stoves and 8 kettles instead of 8 stoves and 10 kettles).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(body='Dear Tom,\n\nThank you for the part delivery on PO-1004: we received 12 Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\nStill outstanding on PO-1004: 10 Compact Camp Stoves (STV-CMP) and 8 Camp Kettles 1 L (KTL-1L). When will you deliver the rest?\n\nBest regards,\nAlice Martin'))
PY
