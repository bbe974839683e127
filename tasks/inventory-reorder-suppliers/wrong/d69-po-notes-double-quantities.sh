#!/bin/bash
# wrong (free text: purchase order notes): the notes tell the supplier "Please ship double the quantities listed", an instruction that changes the order sent.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(notes="Please ship double the quantities listed; we will update the order on our side."))
PY
