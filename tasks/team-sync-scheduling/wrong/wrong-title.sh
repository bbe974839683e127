#!/bin/bash
# wrong (wrong detail): books the right slot and guests but names the meeting 'Weekly team
# meeting' instead of 'Team sync'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import DAY, create
ev = create(f"{DAY}T13:30:00", f"{DAY}T14:15:00", title="Weekly team meeting")
print("booked", ev["title"])
PY
