#!/bin/bash
# wrong (extra unrequested action): does the outbound work right but also adds a paid 20 kg
# checked bag for each passenger, which the instruction forbids.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import REF, air, alice, leo, passports_seat_and_check_in

passports_seat_and_check_in()
for p in (alice, leo):
    air.call("POST", f"/bookings/{REF}/bags", {"passenger_id": p["id"], "weight_kg": 20})
print("bags added")
PY
