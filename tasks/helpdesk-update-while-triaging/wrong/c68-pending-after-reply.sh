#!/bin/bash
# wrong (status): escalates TK-1102 right, but submits the escalation reply as pending (waiting on the requester), so the urgent ticket sits pending in Technical Escalations.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
api.call("PATCH", "/tickets/TK-1102", {"priority": "urgent", "group": "Technical Escalations", "assignee": None})
api.call("POST", "/tickets/TK-1102/comments", {"body": ESCALATION, "public": True, "status": "pending"})
PY
