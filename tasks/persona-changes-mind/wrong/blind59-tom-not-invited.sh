#!/bin/bash
# why wrong: follows Tom to Friday 11:00 and confirms it, telling him "you should have the invitation", but the event has no guests: Tom was never invited.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice, said

a = Alice()
a.reply(a.newest_from(), "Hi Tom,\n\nSure. When would suit you this week for a 30-minute call?\n\nAlice")
answer = a.newest_from()
when = a.time_named(answer["body"])
assert when, answer["body"]
event = None
while when:
    event = a.book(when, attendees=[]) if event is None else a.move(event, when)
    a.reply(answer, f"Hi Tom,\n\nDone: the Q2 budget review is in the calendar for {said(when)}, "
            "30 minutes. You should have the invitation.\n\nAlice")
    answer = a.newest_from()
    print("Tom:", answer["body"])
    following = a.time_named(answer["body"])
    when = following if following and following != when else None
print("booked", event["id"] if event else None)
PY
