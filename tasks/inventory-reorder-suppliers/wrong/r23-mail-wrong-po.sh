#!/bin/bash
# WRONG mail detail: a fresh mail (not a reply) to Ridgeline quoting the wrong order number (PO-1003, the cancelled Summit order) with otherwise right numbers.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(reply='new', subject='PO-1003 part delivery', body='Dear Tom,\n\nThank you for the part delivery on PO-1003: we received 12 Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\nStill outstanding on PO-1003: 8 Compact Camp Stoves (STV-CMP) and 10 Camp Kettles 1 L (KTL-1L). When will you deliver the rest?\n\nBest regards,\nAlice Martin'))
PY
