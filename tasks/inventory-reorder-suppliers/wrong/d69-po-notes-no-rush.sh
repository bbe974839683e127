#!/bin/bash
# wrong (free text: purchase order notes): the orders carry the lead-time delivery date, but the notes say "No rush: deliver any time before the end of April".
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(notes="No rush on this one: deliver any time before the end of April."))
PY
