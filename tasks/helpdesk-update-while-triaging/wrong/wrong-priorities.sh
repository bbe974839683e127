#!/bin/bash
# Tom right, but the other two mis-prioritised: Priya's flicker as high, Maria's question as normal.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
keep(PRIYA, "high")
keep(MARIA, "normal")
escalate(TOM)
reply(TOM)
PY
