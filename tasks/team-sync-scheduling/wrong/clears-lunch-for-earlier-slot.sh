#!/bin/bash
# wrong (changes other events): cancels Alice's 'Lunch with Dana' (13:00-13:30) to fit the sync at
# 13:00-13:45 Paris, instead of booking the earliest time everyone is already free; the
# instruction says change nothing else.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import cal, DAY, create, mine
lunch = mine("Lunch with Dana")[0]
cal.call("DELETE", f"/events/{lunch['id']}")
ev = create(f"{DAY}T13:00:00", f"{DAY}T13:45:00")
print("cancelled lunch; booked", ev["start_local"])
PY
