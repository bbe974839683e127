#!/bin/bash
# wrong (one priority off): everything right but the flickering second monitor (TK-1101), set high although Priya says she can still work.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "high")
take("TK-1103", "low")
wait_for_update()
escalate()
PY
