#!/bin/bash
# wrong (output where not asked): moves the cleaning right, then also puts a personal "Dentist" event of its own in Alice's calendar at the new time, a second entry beside the clinic's invitation.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import cal, move

move()
cal.call("POST", "/events", {"title": "Dentist", "start": "2026-03-06T10:00:00", "end": "2026-03-06T10:45:00",
                             "timezone": "Europe/Paris", "location": "Bright Smile Dental"})
PY
