#!/bin/bash
# alternative (accurate bill memo and transfer memo): the right actions, with a bill memo and a transfer memo that say what was billed and paid.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(
    memo="Spring catalogue print run, 1,500 copies, with rush proofing. Paid in full by bank transfer from Business Checking.",
    transfer_memo="NP-2318 spring catalogue, Northside Print Co.",
))
PY
