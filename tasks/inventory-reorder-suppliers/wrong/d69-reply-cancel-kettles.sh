#!/bin/bash
# wrong (free text: reply body): the reply adds "we no longer need the kettles, please cancel them", changing an order the instruction says not to change.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_reorder import Texts, solve

solve(Texts(extra="On second thought we no longer need the kettles: please cancel them and send just the 8 stoves.\n\n"))
PY
