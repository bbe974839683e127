#!/bin/bash
# why wrong: after confirming Thursday it does look at Tom's mail again, but reads his oldest answer, not his newest: his change to Friday 11:00 is never acted on and the call stays on Thursday 15:00.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice, said

a = Alice()
answer, when = a.ask_tom()
event = a.book(when)
a.confirm(answer, when)
# "his answer with a time": the first one in the inbox that names one, oldest first
items = a.mail.call("GET", "/messages?folder=inbox&from=tom@example.test&sort=oldest")["items"]
for item in items:
    mail = a.mail.call("GET", f"/messages/{item['id']}")
    again = a.time_named(mail["body"])
    if again:
        break
if again and again != when:
    event = a.move(event, again)
    a.reply(mail, f"Hi Tom,\n\nMoved: the Q2 budget review is now {said(again)}.\n\nAlice")
print("booked", event["id"], event.get("start_local"))
PY
