#!/bin/bash
# wrong (extra change): moves the cleaning right, then removes the declined Vendor pitch from Alice's calendar (a guest's delete hides it); the calendar was to stay as it is.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import cal, event, move

move()
print(cal.call("DELETE", f"/events/{event('Vendor pitch')['id']}"))
PY
