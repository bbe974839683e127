#!/bin/bash
# wrong (redone, stray event): first books 10:30-11:15 Paris (Bob's zone ignored), then cancels it
# and books the right 13:30-14:15 slot; the cancelled first meeting stays in the calendar and Bob
# and Carol were invited to it and then cancelled, so more than one meeting was created.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import cal, DAY, create
first = create(f"{DAY}T10:30:00", f"{DAY}T11:15:00")
cal.call("DELETE", f"/events/{first['id']}")
second = create(f"{DAY}T13:30:00", f"{DAY}T14:15:00")
print("created", first["id"], "(cancelled) then", second["id"])
PY
