#!/bin/bash
# wrong (extra change in the calendar): moves the workshop and mails the guests correctly, but
# also moves Alice's 'Flight LC214' event to the delayed times (12:05-13:40), which the
# instruction says not to do (change nothing else in the calendar).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import by_title, meeting, move, send, GOOD_SUBJECT, GOOD_BODY
move(meeting, "15:40")
move(by_title["Flight LC214 Lyon - London"], "12:05", "13:40")
send(GOOD_SUBJECT, GOOD_BODY)
print("moved the workshop and the flight event")
PY
