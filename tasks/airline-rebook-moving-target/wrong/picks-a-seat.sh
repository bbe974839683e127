#!/bin/bash
# wrong (does more than asked): moves the booking to LC516 and mails Dana right, but also picks
# Alice a window seat on the new flight (the instruction says no seat changes)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import REF, air, current, lands, rebook, tell_dana, the_right_flight

right = the_right_flight()
rebook(right)
booking = air.call("GET", f"/bookings/{REF}")
seats = air.call("GET", f"/flights/{right['id']}/seats?cabin=economy&free_only=true")["seats"]
window = next(s for s in seats if s["position"] == "window")
air.call("POST", f"/bookings/{REF}/seats", {
    "passenger_id": booking["passengers"][0]["id"], "seat": window["number"], "leg": "outbound",
})
flight = current(right)
tell_dana(flight["number"], lands(flight))
print("moved, seat", window["number"])
PY
