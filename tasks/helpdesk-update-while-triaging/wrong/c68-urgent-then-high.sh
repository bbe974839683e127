#!/bin/bash
# wrong (undone): escalates TK-1102 right after Tom's update, then a second pass that reads only the description sets its priority back to high (group, no assignee and the reply stay).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api)
api.call("PATCH", "/tickets/TK-1102", {"priority": "high"})
PY
