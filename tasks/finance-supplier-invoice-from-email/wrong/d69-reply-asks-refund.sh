#!/bin/bash
# wrong (free text: reply body): the reply adds "please refund the USD 89.40 rush proofing, which we never ordered", undoing part of a payment the instruction says to make in full (and Bob says the rush proofs were ordered).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(extra="However, we never ordered rush proofing: please refund the USD 89.40 to our account.\n\n"))
PY
