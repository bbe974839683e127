#!/bin/bash
# wrong (not submitted): sets the right priority and owner on each ticket and sends the escalation reply, but keeps every status at new (the kept tickets explicitly, not submitted as open).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import REPLY, hd, take, wait_for_update

take("TK-1101", "normal", status="new")
take("TK-1103", "low", status="new")
wait_for_update()
hd.call("PATCH", "/tickets/TK-1102", {"priority": "urgent", "group": "Technical Escalations", "assignee": None})
hd.call("POST", "/tickets/TK-1102/comments", {"body": REPLY, "public": True, "status": "new"})
PY
