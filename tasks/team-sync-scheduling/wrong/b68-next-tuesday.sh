#!/bin/bash
# wrong (wrong day): reads "tomorrow" as next week's Tuesday and books Team sync on Tue 10 Mar at 13:30-14:15 Paris time with Bob and Carol.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import GUESTS, cal

event = cal.call("POST", "/events", {"title": "Team sync", "start": "2026-03-10T13:30:00", "end": "2026-03-10T14:15:00",
                                     "timezone": "Europe/Paris", "attendees": GUESTS})
print("booked", event["id"], event["start_local"])
PY
