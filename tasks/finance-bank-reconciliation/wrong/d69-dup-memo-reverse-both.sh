#!/bin/bash
# wrong (free text: duplicate charge memo): the memo flags the duplicate but asks the bank to reverse both BP-7731 charges, which would undo the payment recorded against the bill.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(duplicate="{memo} - DUPLICATE CHARGE on {number}: ask the bank to reverse both BP-7731 charges (refund in full)"))
PY
