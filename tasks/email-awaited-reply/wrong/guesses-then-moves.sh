#!/bin/bash
# wrong (books before asking, then patches): books a guess (Thursday 10:00) before the question,
# then asks, reads her last word and moves the guessed event to 15:00: the end state looks right,
# but the call was booked before she had answered.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, cal, latest_time
event = book(10)
ask()
hour, minute = latest_time()
cal.call("PATCH", f"/events/{event['id']}", {"start": f"2026-03-12T{hour:02d}:{minute:02d}:00",
                                             "end": f"2026-03-12T{hour:02d}:{minute + 30:02d}:00",
                                             "timezone": "America/New_York"})
print("moved the guess to", hour, minute)
PY
