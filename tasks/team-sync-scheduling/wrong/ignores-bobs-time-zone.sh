#!/bin/bash
# wrong (time-zone mistake): reads Bob's London events as if they were Paris times (his
# 09:00-10:30 call taken as 09:00-10:30 Paris), so it finds 10:30 free and books 10:30-11:15
# Paris, when Bob's call runs until 11:30 Paris time (right slot: 13:30-14:15 Paris).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import DAY, create
ev = create(f"{DAY}T10:30:00", f"{DAY}T11:15:00")
print("booked", ev["start_local"], ev.get("conflicts"))
PY
