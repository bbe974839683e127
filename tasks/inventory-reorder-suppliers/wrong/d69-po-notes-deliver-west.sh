#!/bin/bash
# wrong (free text: purchase order notes, mailed to the supplier): each order is for the East Coast DC, but its notes tell the supplier "Please deliver to our West Coast DC, 1250 Logistics Way, Reno".
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(notes="Please deliver this order to our West Coast DC, 1250 Logistics Way, Reno, NV 89502."))
PY
