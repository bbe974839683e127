#!/bin/bash
# why wrong: moves the call to Friday 11:00, but the confirmation hedges: it tells Tom Thursday 15:00 is still held for him as a fallback, so the mail names two times and does not settle one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice, said

a = Alice()
answer, when = a.ask_tom()
first = when
event = None
while when:
    event = a.book(when) if event is None else a.move(event, when)
    note = "" if when == first else (
        f" I'm also keeping {said(first)} free for us in case your Chicago trip falls through."
    )
    a.reply(answer, f"Hi Tom,\n\nDone: the Q2 budget review is in the calendar for {said(when)}, "
            f"30 minutes. You should have the invitation.{note}\n\nAlice")
    answer = a.newest_from()
    print("Tom:", answer["body"])
    following = a.time_named(answer["body"])
    when = following if following and following != when else None
print("booked", event["id"] if event else None)
PY
