#!/bin/bash
# wrong (right words, wrong promise): escalates TK-1102 right, but the reply, while naming the escalation, Technical Escalations and "within the hour", tells Tom they will NOT call within the hour and to expect a call tomorrow.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "normal")
take("TK-1103", "low")
wait_for_update()
escalate(reply="Hi Tom,\n\nI have escalated your ticket as urgent. Technical Escalations are fully booked, so they will not be able to contact you within the hour; expect their call tomorrow morning.\n\nAlice")
PY
