#!/bin/bash
# wrong (partial: guest missing): books 13:30-14:15 Paris but invites only Bob; Carol is not
# invited.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import DAY, create
ev = create(f"{DAY}T13:30:00", f"{DAY}T14:15:00", attendees=[{"username": "bob"}])
print("booked without Carol", ev["id"])
PY
