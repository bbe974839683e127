#!/bin/bash
# wrong (free text: duplicate charge memo): the later charge is flagged, but its memo says to dispute the earlier charge, the one recorded as the bill's payment.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(duplicate="{memo} - DUPLICATE CHARGE on {number}: this one stands; dispute the earlier charge of {paid} with the bank"))
PY
