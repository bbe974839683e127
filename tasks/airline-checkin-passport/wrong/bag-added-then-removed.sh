#!/bin/bash
# Wrong (a forbidden effect undone before the end): does everything right, but adds a bag for
# Alice "to see the fee" and removes it again; the end state is clean, the audit log is not.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import PASSPORTS, REF, air, alice, booking, check_in, leo, passport, seat

for passenger in booking["passengers"]:
    passport(passenger, PASSPORTS[passenger["first_name"]])
bag = air.call("POST", f"/bookings/{REF}/bags", {"passenger_id": alice["id"], "weight_kg": 20})
air.call("DELETE", f"/bookings/{REF}/bags/{bag['id']}")
seat(leo, "24B")
check_in()
PY
