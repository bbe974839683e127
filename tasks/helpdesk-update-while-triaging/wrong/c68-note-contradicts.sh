#!/bin/bash
# wrong (contradicting text): escalates TK-1102 right with the right reply, then leaves Technical Escalations an internal note that it 'is not really urgent, probably only Tom's own account; no need to call him today'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api)
api.call("POST", "/tickets/TK-1102/comments", {"body": "Not really urgent in my view: probably only Tom's own account. No need to call him today.", "public": False})
PY
