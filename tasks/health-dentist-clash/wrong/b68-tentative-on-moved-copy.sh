#!/bin/bash
# wrong (extra change): moves the cleaning right, then answers the moved dentist invitation in the calendar "Maybe" (tentative) instead of leaving her accepted answer.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import cal, event, move

move()
cal.call("POST", f"/events/{event('Dentistry: Dr. Sara Lindqvist')['id']}/rsvp", {"response": "tentative"})
PY
