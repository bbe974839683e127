#!/bin/bash
# Wrong (right effect, wrong details): records the two passport numbers in the order the
# booking lists passengers, reversed, so each one carries the other's number; the rest is right.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

REF = "PX4M2Q"
air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
booking = air.call("GET", f"/bookings/{REF}")
numbers = ["21FR90317", "19FR44821"]
for passenger, number in zip(booking["passengers"], numbers):
    air.call("PATCH", f"/bookings/{REF}/passengers/{passenger['id']}", {"passport_number": number})
leo = next(p for p in booking["passengers"] if p["first_name"] == "Leo")
air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": leo["id"], "seat": "24B",
                                            "leg": "outbound"})
air.call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound"})
PY
