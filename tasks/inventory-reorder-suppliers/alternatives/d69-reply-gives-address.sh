#!/bin/bash
# alternative (reply with the delivery address): the right actions, and a reply that repeats the order's own delivery address for the rest (East Coast DC, 400 Port St, Newark, NJ 07114).
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(extra="The rest goes to the same address as before: East Coast DC, 400 Port St, Newark, NJ 07114.\n\n"))
PY
