#!/bin/bash
# alternative (other order): asks, books the time of Dana's first answer, then looks at the inbox
# again before finishing, finds her correction and moves the call to 15:00 (update_event): the
# call was booked after she answered and ends at the time she asked for last.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, cal, her_mails, read, time_in
ask()
event = book(*time_in(read(her_mails()[0]["id"])))
hour, minute = time_in(read(her_mails()[-1]["id"]))
cal.call("PATCH", f"/events/{event['id']}", {
    "start": f"2026-03-12T{hour:02d}:{minute:02d}:00",
    "end": f"2026-03-12T{hour:02d}:{minute + 30:02d}:00",
    "timezone": "America/New_York",
})
print("moved to", hour, minute)
PY
