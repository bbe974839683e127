#!/bin/bash
# wrong (other people's facts): the right triage, but the escalation reply on Tom's ticket greets Priya and speaks of her monitor before the right promise.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api, reply="Hi Priya,\n\nThanks for the update about your flickering monitor. We have escalated this ticket as urgent to our Technical Escalations team, who will contact you within the hour.\n\nAlice")
PY
