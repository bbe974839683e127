#!/bin/bash
# wrong (right words plus everyone else's items): follows Tom to Friday 11:00 but invites Bob and Carol to the call too
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
event = book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
cal.call("PATCH", f"/events/{event['id']}", {**times_of(FRIDAY), "attendees": [{"email": TOM}, {"username": "bob"}, {"username": "carol"}]})
confirm(FRIDAY)
PY
