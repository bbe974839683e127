#!/bin/bash
# wrong (extra unrequested action): moves the booking to LC216 and mails Bob correctly, but also
# adds a paid 20 kg checked bag to the booking (the instruction says change nothing else).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import REF, air, booking_and_flights, rebook, tell_bob_right

booking, by_number = booking_and_flights()
rebook(by_number["LC216"])
air.call("POST", f"/bookings/{REF}/bags", {"passenger_id": booking["passengers"][0]["id"], "weight_kg": 20})
tell_bob_right(by_number["LC216"])
print("moved, bag added")
PY
