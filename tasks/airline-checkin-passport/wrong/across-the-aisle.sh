#!/bin/bash
# Wrong (the look-alike decoy): gives Leo a seat in his mother's row, but the free aisle seat
# across the aisle (24D) instead of the middle seat beside her.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

REF = "PX4M2Q"
air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
booking = air.call("GET", f"/bookings/{REF}")
numbers = {"Alice": "19FR44821", "Leo": "21FR90317"}
for passenger in booking["passengers"]:
    air.call("PATCH", f"/bookings/{REF}/passengers/{passenger['id']}",
             {"passport_number": numbers[passenger["first_name"]]})
leo = next(p for p in booking["passengers"] if p["first_name"] == "Leo")
air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": leo["id"], "seat": "24D",
                                            "leg": "outbound"})
air.call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound"})
PY
