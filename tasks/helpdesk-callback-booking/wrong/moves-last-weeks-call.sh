#!/bin/bash
# Decoy: moves last week's call with Tom (TK-1031) to Thursday 11:30 instead of booking a new one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
old = old_call()
event_id = old.get("event_id", old.get("id"))
cal.call("PATCH", f"/events/{event_id}", {"start": "2026-03-12T11:30:00", "end": "2026-03-12T12:00:00", "timezone": ZONE})
reply()
PY
