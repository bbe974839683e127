#!/bin/bash
# wrong (free text: bill memo): the paid bill is noted "Disputed: rush proofing not ordered, do not pay", contradicting the full payment just made.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(memo="Disputed: rush proofing was not ordered. Do not pay until Northside sends a corrected invoice."))
PY
