#!/bin/bash
# wrong (extra change): books the right Team sync at the earliest common slot, and also puts a 15-minute 'Prep for team sync' hold just before it in Alice's calendar (nothing else was to change).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal); start = earliest(cal, day)
book(cal, day, start)
prep = (dt.datetime.strptime(start, "%H:%M") - dt.timedelta(minutes=15)).strftime("%H:%M")
book(cal, day, prep, 15, title="Prep for team sync", attendees=[])
PY
