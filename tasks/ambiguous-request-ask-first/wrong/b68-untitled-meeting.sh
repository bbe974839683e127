#!/bin/bash
# wrong (vague text): asks, books the right room, day and times with Maria invited, but titles the event 'Meeting', which says nothing of the Northwind vendor review.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book, cal

ask(QUESTION)
said = answer()
event = book("10:30", "11:30", AURORA)
cal.call("PATCH", f"/events/{event['id']}", {"title": "Meeting"})
print("retitled", event["id"])
PY
