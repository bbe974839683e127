#!/bin/bash
# wrong (reply hidden): escalates TK-1102 but writes the escalation text as an internal note, then a public reply that only says 'We are looking into it.' (the promise never reaches Tom).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api, reply="Hi Tom,\n\nThanks for letting us know, we are looking into it.\n\nAlice")
api.call("POST", "/tickets/TK-1102/comments", {"body": ESCALATION, "public": False})
PY
