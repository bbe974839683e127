#!/bin/bash
# Plausible wrong solution: records the passports and checks in, but lets the airline pick
# Leo's seat (the cheapest free one, not beside his mother).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR = "http://127.0.0.1:5000/api"

air = ServiceClient(AIR).login("alice", "alice-pass")
booking = air.call("GET", "/bookings/PX4M2Q")
numbers = {"Alice": "19FR44821", "Leo": "21FR90317"}
for passenger in booking["passengers"]:
    air.call("PATCH", f"/bookings/PX4M2Q/passengers/{passenger['id']}",
             {"passport_number": numbers[passenger["first_name"]]})
air.call("POST", "/bookings/PX4M2Q/check-in", {"leg": "outbound"})
PY
