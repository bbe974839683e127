#!/bin/bash
# wrong (wrong day): books the first common 45-minute slot of today (2 March) inside working hours
# instead of tomorrow.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import cal, create
s = cal.call("POST", "/freebusy/suggest", {"users": ["alice", "bob", "carol"], "duration_minutes": 45,
                                          "start": "2026-03-02T00:00:00", "end": "2026-03-03T00:00:00",
                                          "timezone": "Europe/Paris", "max_results": 1})
slot = s["slots"][0] if s["slots"] else {"start": "2026-03-02T15:00:00Z", "end": "2026-03-02T15:45:00Z"}
ev = create(slot["start"], slot["end"])
print("booked today", ev["start_local"])
PY
