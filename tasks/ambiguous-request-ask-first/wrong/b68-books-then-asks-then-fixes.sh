#!/bin/bash
# wrong (right action at the wrong time): books Borealis 10:00-11:00 first, then asks Maria, then moves the event to the room and times of her answer: the end state is right but it was booked before asking.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, BOREALIS, QUESTION, answer, ask, book, cal, thursday

event = book("10:00", "11:00", BOREALIS)
ask(QUESTION)
said = answer()
cal.call("PATCH", f"/events/{event['id']}", {"location": AURORA, "start": f"{thursday}T10:30:00",
                                             "end": f"{thursday}T11:30:00"})
print("moved", event["id"])
PY
