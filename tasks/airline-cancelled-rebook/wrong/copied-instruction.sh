#!/bin/bash
# wrong (content: copied-instruction): rebooks onto LC216, but the mail to Bob is the task's
# instruction pasted back, with neither the new flight number nor its landing time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import mail_bob, rebook_onto

rebook_onto("LC216")
mail_bob("My flight to London was cancelled: rebook me and tell Bob",
         "The airline has cancelled my flight to London tomorrow (their mail is in my inbox). Please move my booking to the earliest flight on the same route that same day which still has a seat for me, and then email Bob, who is picking me up at the airport, with my new flight number and the time it lands in London (local time).")
print("moved; pasted instruction")
PY
