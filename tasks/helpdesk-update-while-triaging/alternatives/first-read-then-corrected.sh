#!/bin/bash
# Correct alternative, another order: triages all three on the first read (Tom's as high, kept),
# then reads the queue again before finishing, finds Tom's update and corrects his ticket:
# urgent, moved to Technical Escalations with nobody assigned, and the reply.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *

read_rules()
others()
keep(TOM, "high")
wait_for_update()
escalate(TOM)
reply(TOM)
PY
