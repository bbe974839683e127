#!/bin/bash
# why wrong: asks Tom properly and moves the call to Friday, but its confirmations are the user's instruction pasted back to Tom ("put a 30-minute call ... confirm the time to him by email"): no time is ever confirmed to him.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice

TASK = (
    'Put a 30-minute call called "Q2 budget review" in my calendar at that time, with him invited, '
    "and confirm the time to him by email. Keep an eye on his replies until it's settled: the "
    "calendar should end up with the time we've both actually agreed on."
)
a = Alice()
answer, when = a.ask_tom()
event = None
while when:
    event = a.book(when) if event is None else a.move(event, when)
    a.reply(answer, f"Hi Tom,\n\n{TASK}\n\nAlice")
    answer = a.newest_from()
    print("Tom:", answer["body"])
    following = a.time_named(answer["body"])
    when = following if following and following != when else None
print("booked", event["id"] if event else None)
PY
