#!/bin/bash
# wrong (busy rules): treats Carol's 'Writing time' (marked free) and her cancelled 'Old planning
# slot' as busy, so it skips 13:30 and books 16:00-16:45 Paris, not the earliest common slot
# 13:30-14:15.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import DAY, create
ev = create(f"{DAY}T16:00:00", f"{DAY}T16:45:00")
print("booked", ev["start_local"])
PY
