#!/bin/bash
# wrong (wrong target / decoy): moves the booking to LC218 at 17:45, the cheapest flight of the
# day, instead of the earliest one with a seat (LC216 at 13:20), and tells Bob LC218 lands at
# 18:25.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import lands, mail_bob, rebook_onto

f = rebook_onto("LC218")
mail_bob("New flight: LC218", f"Hi Bob,\n\nMy flight was cancelled; I'm now on LC218, landing at Heathrow at {lands(f)} London time.\n\nAlice")
print("moved to LC218")
PY
