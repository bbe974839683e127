#!/bin/bash
# wrong (cancels the booking and buys a new ticket on LC516 instead of moving it; mails right)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import REF, air, lands, tell_dana, the_right_flight

right = the_right_flight()
booking = air.call("GET", f"/bookings/{REF}")
air.call("POST", f"/bookings/{REF}/cancel", {"refund_method": "original_payment"})
p = booking["passengers"][0]
air.call("POST", "/bookings", {
    "flight_id": right["id"], "cabin": "economy", "payment_method_id": booking["payment_method_id"],
    "passengers": [{k: p[k] for k in ("first_name", "last_name", "date_of_birth")}],
})
tell_dana(right["number"], lands(right))
print("rebought", right["number"])
PY
