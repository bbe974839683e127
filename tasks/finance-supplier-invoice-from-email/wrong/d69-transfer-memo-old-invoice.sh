#!/bin/bash
# wrong (free text: transfer memo): the bank transfer quotes "NP-2291", the old business-card invoice already paid, instead of NP-2318, the reference the supplier asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(transfer_memo="Bank transfer NP-2291"))
PY
