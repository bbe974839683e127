#!/bin/bash
# alternative (fuller reply): the right actions, and a reply that adds true details (the two lines, the account it left, thanks for the rush proofs).
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(extra="The transfer covers the catalogue print run (USD 1,185.00) and the rush proofing (USD 89.40), from our business checking account. The rush proofs were well worth it, thank you.\n\n"))
PY
