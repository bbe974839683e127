#!/bin/bash
# wrong (priority left as seeded): assigns TK-1101 and TK-1103 to Alice and opens them without judging their priority (both stay normal; the how-to question should be low), escalates TK-1102 correctly.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_desk import *

api = desk()
for code in ("TK-1101", "TK-1103"):
    api.call("PATCH", f"/tickets/{code}", {"assignee": "alice", "status": "open"})
wait_for_update(api)
escalate(api)
PY
