#!/bin/bash
# wrong (near-twin text): moves TK-1102 to Technical Escalations as urgent, but the reply tells Tom it was escalated as urgent to the Billing team, who will contact him within the hour.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api, reply="Hi Tom,\n\nThanks for the update. We have escalated this ticket as urgent to our Billing team, who will contact you within the hour.\n\nAlice")
PY
