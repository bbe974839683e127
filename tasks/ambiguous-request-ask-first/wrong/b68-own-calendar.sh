#!/bin/bash
# wrong (right event, wrong place): asks, creates a new 'Vendor reviews' calendar and books the right event there instead of Alice's own calendar.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book, cal

ask(QUESTION)
said = answer()
new = cal.call("POST", "/calendars", {"name": "Vendor reviews"})
book("10:30", "11:30", AURORA, calendar_id=new["id"])
PY
