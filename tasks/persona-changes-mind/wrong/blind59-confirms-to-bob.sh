#!/bin/bash
# why wrong: moves the call to Friday 11:00, but answers "the mail about Friday" by searching the inbox oldest first, which finds Bob's "Sprint demo moved": Bob gets the Friday confirmation, Tom never does.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice, said

a = Alice()
answer, when = a.ask_tom()
event = a.book(when)
a.confirm(answer, when)
change = a.newest_from()
print("Tom:", change["body"])
new = a.time_named(change["body"])
if new and new != when:
    event = a.move(event, new)
    # answer "the mail about Friday": the search's first hit, oldest first
    hit = a.mail.call("GET", f"/messages?folder=inbox&q={new:%A}&sort=oldest")["items"][0]
    a.reply(hit, f"Hi Tom,\n\nNo problem: the Q2 budget review is moved to {said(new)}, "
            "30 minutes. The invitation is updated.\n\nAlice")
print("booked", event["id"], event.get("start_local"))
PY
