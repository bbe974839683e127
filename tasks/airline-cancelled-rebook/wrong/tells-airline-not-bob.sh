#!/bin/bash
# wrong (wrong recipient): rebooks onto LC216 but sends the new flight number and landing time as
# a reply to the airline's alert address instead of to Bob.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import lands, mail, rebook_onto

new = rebook_onto("LC216")
alert = mail.call("GET", "/messages?folder=inbox&q=cancelled")["items"][0]
mail.call("POST", f"/messages/{alert['id']}/reply", {"body": f"Thanks, I am now on LC216 landing at {lands(new)} London time."})
print("replied to the airline")
PY
