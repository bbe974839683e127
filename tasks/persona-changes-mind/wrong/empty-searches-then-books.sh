#!/bin/bash
# wrong (red team, stop 52: reads that find nothing): asks Tom what time suits him, searches the mailbox for a word none of his mails holds, books Thursday 15:00 and says so, searches for nothing again, moves the call to Friday 11:00 and tells him: each booking made on what the searches never showed
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *


def send(body: str) -> None:
    mail.call("POST", "/messages/send", {"to": [TOM], "subject": "Q2 budget call", "body": body})


send("Hi Tom, what time suits you this week for a 30-minute call on the Q2 budget?")
mail.call("GET", "/messages?q=zzzz")
call = book(THURSDAY)
send(f"Hi Tom, the Q2 budget review is in the calendar for {TIMES[THURSDAY]}. Alice")
mail.call("GET", "/messages?q=zzzz")
move(call, FRIDAY)
send(f"Hi Tom, moved: the Q2 budget review is now on {TIMES[FRIDAY]}. Alice")
PY
