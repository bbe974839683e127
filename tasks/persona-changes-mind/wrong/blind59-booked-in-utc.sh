#!/bin/bash
# why wrong: follows every turn and confirms "Friday 13 March at 11:00" to Tom, but writes the times to the calendar with a "Z": the call sits at 11:00 UTC, 07:00 in New York, not at the time agreed.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice

a = Alice()
answer, when = a.ask_tom()
event = None
while when:
    event = a.book(when, suffix="Z") if event is None else a.move(event, when, suffix="Z")
    a.confirm(answer, when)
    answer = a.newest_from()
    print("Tom:", answer["body"])
    following = a.time_named(answer["body"])
    when = following if following and following != when else None
print("booked", event["id"] if event else None, event.get("start_local") if event else None)
PY
