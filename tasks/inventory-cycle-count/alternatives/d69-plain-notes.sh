#!/bin/bash
# alternative (short accurate notes): the right bookings, with plain notes in other words.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_count import Texts, solve

solve(Texts(headlamps="Recount", stoves="Damaged: cracked burners", filters="Put back with the other filters"))
PY
