#!/bin/bash
# wrong (extra change): moves the cleaning right, then writes "dentist right after" into the description of Alice's Friday Board prep; her meetings were to stay as they are.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import cal, event, move

move()
cal.call("PATCH", f"/events/{event('Board prep')['id']}", {"description": "Dentist right after, 10:00."})
PY
