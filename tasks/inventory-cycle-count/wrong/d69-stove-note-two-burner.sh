#!/bin/bash
# wrong (free text: write-off note): the damage is booked on STV-CMP but the note says the cracked units are the two-burner stoves (STV-CMP2), which Bob says are fine.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_count import Texts, solve

solve(Texts(stoves="two-burner stoves (STV-CMP2) with cracked burner heads, in the scrap cage"))
PY
