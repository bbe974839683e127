#!/bin/bash
# wrong (right reply, wrong record): escalates TK-1102 right but posts the escalation reply on TK-1095, Tom's other ticket (the CRM export one, already being worked).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import REPLY, escalate, hd, take, wait_for_update

take("TK-1101", "normal")
take("TK-1103", "low")
wait_for_update()
escalate(reply=None)
hd.call("POST", "/tickets/TK-1095/comments", {"body": REPLY, "public": True})
PY
