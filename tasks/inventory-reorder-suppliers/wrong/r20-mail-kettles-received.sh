#!/bin/bash
# WRONG mail detail: the reply claims the 10 kettles came with the 12 stoves and only 8 stoves are outstanding (Bob said no kettles were on the truck).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(body='Dear Tom,\n\nThank you for the delivery on PO-1004: we received 12 Compact Camp Stoves (STV-CMP) and the 10 Camp Kettles 1 L (KTL-1L).\n\nStill outstanding: 8 Compact Camp Stoves (STV-CMP). When will you deliver them?\n\nBest regards,\nAlice Martin'))
PY
