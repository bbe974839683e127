#!/bin/bash
# Plausible wrong solution: takes the cheapest alternative (the evening flight) instead of the
# earliest one, and gives Bob its Lyon departure time. It does retry on 429/503.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import DAY, air, mail_bob, rebook

results = air.call("GET", f"/flights/search?origin=LYS&destination=LHR&date={DAY}&sort=price")["items"]
new = results[0]["flight"]
rebook(new)
mail_bob("New flight", f"I'm on {new['number']}, leaving at {new['scheduled_departure_local'][11:16]}.")
PY
