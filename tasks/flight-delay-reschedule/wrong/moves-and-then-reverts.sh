#!/bin/bash
# wrong (right effect then undone): moves the workshop to 15:40 and mails the guests, then puts
# the event back at 13:00-14:30 (second thoughts), so the calendar no longer matches what the
# guests were told.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send, GOOD_SUBJECT, GOOD_BODY
move(meeting, "15:40")
send(GOOD_SUBJECT, GOOD_BODY)
move(meeting, "13:00", "14:30")
print("moved, mailed, reverted")
PY
