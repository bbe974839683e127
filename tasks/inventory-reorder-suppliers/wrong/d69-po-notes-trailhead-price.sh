#!/bin/bash
# wrong (free text: purchase order notes): the orders are at our usual cost, but the notes ask the supplier to bill at Trailhead's discount prices ($78 tents, $2.60 gas).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(notes="Please bill at Trailhead Discount's prices (2-person tents at $78.00, 230 g gas at $2.60), or we move our business to them."))
PY
