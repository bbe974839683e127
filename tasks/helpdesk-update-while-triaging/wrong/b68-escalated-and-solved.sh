#!/bin/bash
# wrong (solves at triage): escalates TK-1102 with the right fields and reply, but sends the reply with "submit as solved", so the blocked team's ticket ends solved.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import REPLY, escalate, hd, take, wait_for_update

take("TK-1101", "normal")
take("TK-1103", "low")
wait_for_update()
escalate(reply=None)
hd.call("POST", "/tickets/TK-1102/comments", {"body": REPLY, "public": True, "status": "solved"})
PY
