#!/bin/bash
# wrong (right decision, wrong words): escalates TK-1102 as urgent, but the reply tells Tom it is a high-priority ticket that the team will answer within four hours, not urgent and within the hour.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "normal")
take("TK-1103", "low")
wait_for_update()
escalate(reply="Hi Tom,\n\nThanks for letting us know. I have passed your ticket on as high priority; the team will get back to you within four hours.\n\nAlice")
PY
