#!/bin/bash
# wrong (redone, money side effect): first moves the booking to LC218 (the cheapest), then changes
# it again to LC216; the end booking is on the right flight but the second change, away from a
# flight that is not cancelled, charges Alice the $75 change fee and the $60 fare difference.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import booking_and_flights, rebook, tell_bob_right

booking, by_number = booking_and_flights()
rebook(by_number["LC218"])
second = rebook(by_number["LC216"])
tell_bob_right(by_number["LC216"])
print("moved twice; charged", second.get("amount_charged"))
PY
