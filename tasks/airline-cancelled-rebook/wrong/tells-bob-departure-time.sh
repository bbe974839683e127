#!/bin/bash
# wrong (wrong detail): moves the booking to LC216 but tells Bob the departure time from Lyon
# (13:20) as the time it lands in London (14:05).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import mail_bob, rebook_onto

rebook_onto("LC216")
mail_bob("New flight: LC216 at 13:20", "Hi Bob,\n\nMy flight LC214 was cancelled; I'm now on LC216 and I land at Heathrow at 13:20 tomorrow.\n\nAlice")
print("moved, told 13:20")
PY
