#!/bin/bash
# wrong (free text: reply body): the reply to Ridgeline adds "please bring the rest to our West Coast DC in Reno instead", while PO-1004 is for the East Coast DC (no figures in the added words).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(extra="Please bring the rest to our West Coast DC in Reno instead.\n\n"))
PY
