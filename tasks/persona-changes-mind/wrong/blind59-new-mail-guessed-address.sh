#!/bin/bash
# why wrong: moves the call to Friday 11:00, then confirms in a new mail to a guessed "tom.becker@example.test" instead of answering Tom in his thread: the address is nobody's, Tom never hears the final time.
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
    sent = a.send(["tom.becker@example.test"], "Q2 budget review moved",
                  f"Hi Tom,\n\nNo problem: the Q2 budget review is moved to {said(new)}, 30 minutes. "
                  "The invitation is updated.\n\nAlice")
    print("sent to", sent.get("delivered_to"), sent.get("external"))
print("booked", event["id"], event.get("start_local"))
PY
