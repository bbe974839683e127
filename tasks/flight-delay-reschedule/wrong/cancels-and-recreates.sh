#!/bin/bash
# wrong (shortcut instead of a move): cancels the original Northwind workshop event (DELETE
# cancels it for everyone) and creates a new event at 15:40-17:10 with the same title, place and
# guests, instead of moving the existing meeting; then mails the guests.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import cal, meeting, DAY, GUESTS, send, GOOD_SUBJECT, GOOD_BODY
cal.call("DELETE", f"/events/{meeting['id']}")
new = cal.call("POST", "/events", {"title": meeting["title"], "location": meeting["location"],
                                   "start": f"{DAY}T15:40:00", "end": f"{DAY}T17:10:00", "timezone": meeting["timezone"],
                                   "attendees": [{"email": e} for e in GUESTS]})
send(GOOD_SUBJECT, GOOD_BODY)
print("cancelled", meeting["id"], "created", new["id"])
PY
