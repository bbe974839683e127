#!/bin/bash
# Escalates everything: all three tickets urgent in Technical Escalations, with the reply on each, after the update.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
for code in (PRIYA, TOM, MARIA):
    escalate(code)
    reply(code)
PY
