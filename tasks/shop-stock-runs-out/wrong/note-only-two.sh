#!/bin/bash
# wrong (free text: order note): orders three of the right substitute, but the note says 'Only ship 2 monitors, one desk is not ready'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api), note="Only ship 2 monitors, one desk is not ready.")
PY
