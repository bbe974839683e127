#!/bin/bash
# alternative (accurate purchase order notes): the right actions, with notes that repeat the order's own delivery place and date.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(notes="Please deliver to our East Coast DC, 400 Port St, Newark, NJ 07114, by {due}, and quote this order number on the delivery note."))
PY
