#!/bin/bash
# why wrong: reads Tom's change of plan, then politely holds him to Thursday 15:00 and leaves the call there; the calendar never reaches Friday 11:00, the time he last asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind59_alice import Alice, said

a = Alice()
answer, when = a.ask_tom()
event = a.book(when)
a.reply(answer, f"Hi Tom,\n\nDone: the Q2 budget review is booked for {said(when)}, 30 minutes. "
        "You should have the invitation.\n\nAlice")
change = a.newest_from()
print("Tom:", change["body"])
a.reply(change, f"Hi Tom,\n\nSo sorry to hear about the trip. Friday is completely full on my side, "
        f"so I'd rather keep us on {said(when)} as booked; a quick call from the airport lounge "
        "works fine for me. Thanks for understanding!\n\nAlice")
print("kept", event["id"], event.get("start_local"))
PY
