#!/bin/bash
# why wrong: follows Tom to Friday 11:00 and confirms it, telling him "you should have the invitation", but the event has no guests: Tom was never invited.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice

a = Alice()
answer, when = a.ask_tom()
event = None
while when:
    event = a.book(when, attendees=[]) if event is None else a.move(event, when)
    a.confirm(answer, when)
    answer = a.newest_from()
    print("Tom:", answer["body"])
    following = a.time_named(answer["body"])
    when = following if following and following != when else None
print("booked", event["id"] if event else None)
PY
