#!/bin/bash
# WRONG (partial mail): the reply to Ridgeline only thanks them for the 12 stoves; it says nothing of what is outstanding and does not ask when the rest comes.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(body='Dear Tom,\n\nThank you, we received the 12 Compact Camp Stoves (STV-CMP) on PO-1004 this morning.\n\nBest regards,\nAlice Martin'))
PY
