#!/bin/bash
# alternative (both reads, API): searches first (the world moves), then checks the day's listing
# (list_flights: the world moved once, on the search; the listing sets off nothing more) and
# takes the earliest operating flight with a seat from it, its delay counted; moves the booking
# and mails Dana from the booking as it stands.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import REF, air, day_flights, lands, rebook, search, tell_dana

search()
listed = [f for f in day_flights().values()
          if f["number"] != "LC512" and f["status"] in ("scheduled", "delayed")
          and f["fares"][0]["seats_available"] > 0]
chosen = min(listed, key=lambda f: f["estimated_departure"] or f["scheduled_departure"])
rebook(chosen)
booking = air.call("GET", f"/bookings/{REF}")
flight = booking["flights"][0]["flight"]
tell_dana(flight["number"], lands(flight))
print("moved to", flight["number"], "landing", lands(flight))
PY
