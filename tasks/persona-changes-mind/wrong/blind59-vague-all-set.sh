#!/bin/bash
# why wrong: follows Tom to Friday 11:00 in the calendar, but every confirmation only says "all set, it's in the calendar": Tom is never told the time that was booked.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice

a = Alice()
answer, when = a.ask_tom()
event = None
while when:
    event = a.book(when) if event is None else a.move(event, when)
    a.reply(answer, "Hi Tom,\n\nAll set, it's in the calendar. Talk then!\n\nAlice")
    answer = a.newest_from()
    print("Tom:", answer["body"])
    following = a.time_named(answer["body"])
    when = following if following and following != when else None
print("booked", event["id"] if event else None)
PY
