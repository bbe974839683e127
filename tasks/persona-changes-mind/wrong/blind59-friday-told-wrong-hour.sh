#!/bin/bash
# why wrong: the calendar ends right (Friday 13 March 11:00-11:30, Tom invited), but the confirmation of the move keeps the old hour: Tom is told "Friday 13 March at 15:00".
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice, said

a = Alice()
answer, when = a.ask_tom()
first = when
event = None
while when:
    event = a.book(when) if event is None else a.move(event, when)
    # the confirmation's hour comes from the first booking, only the day is updated
    told = when.replace(hour=first.hour, minute=first.minute)
    a.reply(answer, f"Hi Tom,\n\nDone: the Q2 budget review is in the calendar for {said(told)}, "
            "30 minutes. You should have the invitation.\n\nAlice")
    answer = a.newest_from()
    print("Tom:", answer["body"])
    following = a.time_named(answer["body"])
    when = following if following and following != when else None
print("booked", event["id"] if event else None)
PY
