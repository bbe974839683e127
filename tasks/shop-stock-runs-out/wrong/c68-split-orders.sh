#!/bin/bash
# wrong (two orders): orders the right substitute, but as two orders of two and one (a first checkout 'to be safe'), not three in one order.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    sub = substitute(api)
    order(api, sub, 2); order(api, sub, 1)
PY
