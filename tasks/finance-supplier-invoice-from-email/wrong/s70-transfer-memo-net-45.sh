#!/bin/bash
# wrong (free text: transfer memo): the transfer is noted as paid "on Net 45 terms", terms the invoice never gave (it is net 21).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(transfer_memo="{number}, settled on our usual Net 45 terms"))
PY
