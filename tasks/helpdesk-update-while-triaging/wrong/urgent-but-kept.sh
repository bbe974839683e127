#!/bin/bash
# Half the rule: after the update it sets Tom's ticket urgent and replies, but keeps it herself in Tier 1 instead of moving it to Technical Escalations.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
keep(TOM, "urgent")
reply(TOM)
PY
