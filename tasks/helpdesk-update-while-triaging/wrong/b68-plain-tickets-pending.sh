#!/bin/bash
# wrong (wrong status): triages all three right but submits the two tickets it keeps (TK-1101, TK-1103) as pending instead of open.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "normal", status="pending")
take("TK-1103", "low", status="pending")
wait_for_update()
escalate()
PY
