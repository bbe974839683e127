#!/bin/bash
# wrong (near-twin quantity): orders four of the right substitute (one spare for the office) instead of the three asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api, 4), 4)
PY
