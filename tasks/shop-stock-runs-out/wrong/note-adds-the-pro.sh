#!/bin/bash
# wrong (free text: order note): orders three of the right substitute, but the note asks to 'add one V27U Pro for the meeting room as well'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api), note="Please add one V27U Pro for the meeting room as well.")
PY
