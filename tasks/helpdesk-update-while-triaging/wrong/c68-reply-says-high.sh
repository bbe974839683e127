#!/bin/bash
# wrong (words contradict the decision): escalates TK-1102 as urgent, but the public reply tells Tom it was escalated as high priority (the rest of the wording as the rules ask).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api, reply="Hi Tom,\n\nThanks for the update. We have escalated this ticket as high priority to our Technical Escalations team, who will contact you within the hour.\n\nAlice")
PY
