#!/bin/bash
# wrong (look-alike decoy): moves the booking to LC214 on the day after (same flight number and
# time, not cancelled) instead of a flight on the same day, and tells Bob it lands at 10:40 the
# day after.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import DAY, air, booking_and_flights, lands, mail_bob, rebook

booking, by_number = booking_and_flights()
nxt = next(f for f in air.call("GET", "/flights?origin=LYS&destination=LHR&per_page=100&number=LC214")["items"]
           if f["date"] != DAY)
rebook(nxt)
mail_bob("New flight: LC214 one day later", f"Hi Bob,\n\nMy flight was cancelled; I'm now on LC214 on {nxt['date']}, landing at Heathrow at {lands(nxt)} London time.\n\nAlice")
print("moved to", nxt["number"], nxt["date"])
PY
