#!/bin/bash
# wrong (wrong detail): books 13:30 Paris but for 60 minutes (13:30-14:30) instead of 45.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import DAY, create
ev = create(f"{DAY}T13:30:00", f"{DAY}T14:30:00")
print("booked", ev["start_local"], ev["end_local"])
PY
