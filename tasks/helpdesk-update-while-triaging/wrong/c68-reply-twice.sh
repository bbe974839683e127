#!/bin/bash
# wrong (done twice): escalates TK-1102 right, then posts the same escalation reply a second time (a retry that did not check): Tom gets two identical mails.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api)
api.call("POST", "/tickets/TK-1102/comments", {"body": ESCALATION, "public": True})
PY
