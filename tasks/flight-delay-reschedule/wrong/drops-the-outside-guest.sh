#!/bin/bash
# wrong (changes the guests / partial): moves the workshop to 15:40 but replaces its guest list
# with Bob only (Maria from Northwind dropped) and mails only Bob.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import cal, meeting, DAY, send, GOOD_SUBJECT, GOOD_BODY
cal.call("PATCH", f"/events/{meeting['id']}", {"start": f"{DAY}T15:40:00", "attendees": [{"username": "bob"}]})
send(GOOD_SUBJECT, GOOD_BODY, to=["bob@example.test"])
print("moved, Maria dropped")
PY
