#!/bin/bash
# wrong (wrong detail): moves the booking to LC216 but tells Bob it lands at 15:05, the landing
# time in Paris/Lyon time, not the London local time (14:05) he needs at Heathrow.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import mail_bob, rebook_onto

rebook_onto("LC216")
mail_bob("New flight: LC216, landing 15:05", "Hi Bob,\n\nMy flight LC214 was cancelled; I'm now on LC216 from Lyon, landing at Heathrow at 15:05 tomorrow.\n\nAlice")
print("moved, told 15:05")
PY
