#!/bin/bash
# wrong (reply where the rules want none): triages all three right, and also posts a short public acknowledgement on TK-1101 and TK-1103 ('we have your ticket and will get back to you').
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
for code, prio in (("TK-1101", "normal"), ("TK-1103", "low")):
    keep(api, code, prio)
    api.call("POST", f"/tickets/{code}/comments", {"body": "Hi,\n\nThanks, we have your ticket and will get back to you soon.\n\nAlice", "public": True, "status": "open"})
wait_for_update(api)
escalate(api)
PY
