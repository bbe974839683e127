#!/bin/bash
# alternative (fuller reply): the right actions, and a reply that adds true details (where the stoves are, that PO-1004 stays open for the rest).
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(extra="The 12 stoves are on our receiving dock in Newark; PO-1004 stays open for the remainder, to the same East Coast DC address.\n\n"))
PY
