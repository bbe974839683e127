#!/bin/bash
# wrong (repeats): books the right slot tomorrow, but as a weekly series of four (team syncs usually recur; exactly one meeting was asked for).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal)
book(cal, day, earliest(cal, day), recurrence={"freq": "weekly", "count": 4})
PY
