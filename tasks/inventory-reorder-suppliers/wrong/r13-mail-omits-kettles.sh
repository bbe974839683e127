#!/bin/bash
# WRONG mail detail: the reply gives only the 8 stoves as outstanding and forgets the 10 kettles still owed on PO-1004.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(body='Dear Tom,\n\nThank you for the part delivery on PO-1004: we received 12 Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\nStill outstanding: 8 Compact Camp Stoves (STV-CMP). When will you deliver them?\n\nBest regards,\nAlice Martin'))
PY
