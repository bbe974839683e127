#!/bin/bash
# wrong (time-zone mistake): books the right clock time 13:30 but in Bob's zone (Europe/London),
# i.e. 14:30-15:15 Paris, when Bob is in his vendor workshop.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import DAY, create
ev = create(f"{DAY}T13:30:00", f"{DAY}T14:15:00", tz="Europe/London")
print("booked", ev["start_local"])
PY
