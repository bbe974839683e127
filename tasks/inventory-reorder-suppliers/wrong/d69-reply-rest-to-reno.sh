#!/bin/bash
# wrong (free text: reply body): the reply to Ridgeline adds "please deliver the rest to our West Coast DC in Reno", while PO-1004 is for the East Coast DC.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(extra="Please deliver the rest to our West Coast DC (1250 Logistics Way, Reno) instead.\n\n"))
PY
