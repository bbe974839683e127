#!/bin/bash
# wrong (extra change): triages all three as the rules say, but also rewrites TK-1102's subject to 'URGENT: whole sales team locked out of CRM' (triage changes priority and owner, not the requester's subject).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
wait_for_update(api)
escalate(api)
api.call("PATCH", "/tickets/TK-1102", {"subject": "URGENT: whole sales team locked out of CRM"})
PY
