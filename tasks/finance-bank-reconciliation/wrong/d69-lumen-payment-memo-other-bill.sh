#!/bin/bash
# wrong (free text: payment memo): the Lumen charge matched to LE-883120 is noted as paying LE-871554 (January, paid long ago).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(payment_memos={"LE-883120": "{memo} - pays LE-871554 (January electricity)"}))
PY
