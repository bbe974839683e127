#!/bin/bash
# wrong (forbidden shortcut): cancels booking K7Q2XM for a full refund and buys a new ticket on
# LC216 for Alice, instead of changing the existing booking (the instruction says keep the
# booking, do not cancel it or buy a new ticket). Bob gets the right flight and time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import REF, air, booking_and_flights, buy_ticket, tell_bob_right

booking, by_number = booking_and_flights()
air.call("POST", f"/bookings/{REF}/cancel", {"refund_method": "original_payment"})
new = buy_ticket(booking, by_number["LC216"])
tell_bob_right(by_number["LC216"])
print("cancelled", REF, "booked", new["reference"])
PY
