#!/bin/bash
# wrong (extra changes): triages all three as the rules say, and also tags them 'triaged' and turns the signature question's type into a task (the rules ask for priority and owner only).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
keep(api, "TK-1101", "normal"); keep(api, "TK-1103", "low")
api.call("PATCH", "/tickets/TK-1103", {"type": "task", "tags": ["triaged"]})
api.call("PATCH", "/tickets/TK-1101", {"tags": ["triaged"]})
wait_for_update(api)
escalate(api)
api.call("PATCH", "/tickets/TK-1102", {"tags": ["triaged"]})
PY
