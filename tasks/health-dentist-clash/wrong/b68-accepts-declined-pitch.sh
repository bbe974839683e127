#!/bin/bash
# wrong (extra change): moves the cleaning to Fri 10:00 right, then accepts Carol's Vendor pitch (Fri 10:00, declined) "to keep the calendar honest"; her answers to invitations were to stay.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import cal, event, move

move()
cal.call("POST", f"/events/{event('Vendor pitch')['id']}/rsvp", {"response": "accepted"})
PY
