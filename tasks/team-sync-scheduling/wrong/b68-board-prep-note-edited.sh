#!/bin/bash
# wrong (extra change): books the right Team sync, then writes a note into Alice's Board prep description ("Team sync at 13:30"); nothing else was to change.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book, cal, tomorrows_events

event = book()
prep = next(e for e in tomorrows_events() if e["title"] == "Board prep")
cal.call("PATCH", f"/events/{prep['id']}", {"description": f"Team sync later today at {event['start_local'][11:16]}"})
PY
