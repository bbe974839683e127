#!/bin/bash
# wrong (free text: count correction note): the note says "Dave's 6 are no longer needed: release the Northwind reservation", an instruction to undo the reservation that must stay.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_count import Texts, solve

solve(Texts(headlamps="Recount (Bob): 19. Dave's 6 for Northwind are no longer needed: release the SO-2007 reservation."))
PY
