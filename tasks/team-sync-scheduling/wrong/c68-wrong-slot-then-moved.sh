#!/bin/bash
# wrong (reached after a wrong booking): first books 10:30 (Bob's London calendar read as Paris time), then moves that event to the right slot with a PATCH: the guests were invited to a wrong time first.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal)
ev = book(cal, day, "10:30")
start = earliest(cal, day)
cal.call("PATCH", "/events/%s" % ev["id"], {"start": f"{day}T{start}:00", "end": f"{day}T{later(start, 45)}:00", "timezone": ZONE})
PY
