#!/bin/bash
# Wrong (the look-alike decoy): moves the booking to the same flight number a day later (LC214
# the day after), not the earliest flight of the same day, and tells Bob its landing time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import REF, air, lands, mail_bob, rebook

booking = air.call("GET", f"/bookings/{REF}")
old = booking["flights"][0]["flight"]
later = [f for f in air.call("GET", f"/flights?number={old['number']}")["items"]
         if f["id"] != old["id"] and f["status"] != "cancelled"]
new = later[0]
rebook(new)
mail_bob(f"New flight: {new['number']}",
         f"I'm now on {new['number']} on {new['date']}, landing at {lands(new)} London time.")
PY
