#!/bin/bash
# WRONG receipt: receives everything outstanding on PO-1004 (20 stoves and 10 kettles) into EAST-RCV though only 12 stoves came; orders right; mail text says the right numbers.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(receive='all', body='''Dear Tom,\n\nThank you for the part delivery on PO-1004 this morning: we received 12 Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\nStill outstanding on PO-1004: 8 Compact Camp Stoves (STV-CMP) and 10 Camp Kettles 1 L (KTL-1L). When will you deliver the rest?\n\nBest regards,\nAlice Martin'''))
PY
