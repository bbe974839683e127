#!/bin/bash
# Wrong (collateral damage): seats mother and son together, but by moving Alice off her own
# seat to a fresh free pair (22A and 22B) instead of giving Leo the seat beside hers.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

REF = "PX4M2Q"
air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
booking = air.call("GET", f"/bookings/{REF}")
numbers = {"Alice": "19FR44821", "Leo": "21FR90317"}
pair = {"Alice": "22A", "Leo": "22B"}
for passenger in booking["passengers"]:
    air.call("PATCH", f"/bookings/{REF}/passengers/{passenger['id']}",
             {"passport_number": numbers[passenger["first_name"]]})
    air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": passenger["id"],
                                                "seat": pair[passenger["first_name"]],
                                                "leg": "outbound"})
air.call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound"})
PY
