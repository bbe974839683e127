#!/bin/bash
# wrong (free text: payment memo): the Orbit deposit of USD 930 matched to OOF-5520 is noted "paid in full, nothing more due", while USD 930 of the bill stays due.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(payment_memos={"OOF-5520": "{memo} - {number} paid in full, nothing more due"}))
PY
