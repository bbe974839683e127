#!/bin/bash
# WRONG (decision opposite): the reply states the right numbers but tells Ridgeline to cancel the backorder instead of asking when the rest comes (PO-1004 stays open in the app).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(body='Dear Tom,\n\nWe have received 12 Compact Camp Stoves (STV-CMP) on PO-1004 today.\n\nThe 8 stoves and 10 Camp Kettles (KTL-1L) still outstanding: please cancel them, we no longer expect them and will not need a new date.\n\nBest regards,\nAlice Martin'))
PY
