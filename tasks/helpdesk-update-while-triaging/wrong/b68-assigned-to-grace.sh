#!/bin/bash
# wrong (wrong owner): triages right but hands the two kept tickets to Grace (the other Tier 1 agent) instead of assigning them to Alice herself.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "normal", assignee="grace")
take("TK-1103", "low", assignee="grace")
wait_for_update()
escalate()
PY
