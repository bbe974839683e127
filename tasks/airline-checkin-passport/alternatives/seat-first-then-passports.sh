#!/bin/bash
# alternative (REST API, other order): first gives Leo the free seat beside Alice (read from the
# full seat map's row and positions), then records the two passports, then checks each passenger
# in separately on the outbound leg (two check-in calls with passenger_ids).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
REF = "PX4M2Q"
booking = air.call("GET", f"/bookings/{REF}")
people = {p["first_name"]: p for p in booking["passengers"]}
ticket = next(t for t in people["Alice"]["tickets"] if t["leg"] == "outbound")
seat_map = air.call("GET", f"/flights/{ticket['flight_id']}/seats?cabin={booking['cabin']}")
row = [s for s in seat_map["seats"] if s["row"] == int(ticket["seat"][:-1])]
layout = "ABC-DEF"
block = next(b for b in layout.split("-") if ticket["seat"][-1] in b)
i = block.index(ticket["seat"][-1])
beside = [f"{ticket['seat'][:-1]}{block[j]}" for j in (i - 1, i + 1) if 0 <= j < len(block)]
free = {s["number"] for s in row if not s["occupied"]}
seat = next(n for n in beside if n in free)
air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": people["Leo"]["id"], "seat": seat, "leg": "outbound"})
air.call("PATCH", f"/bookings/{REF}/passengers/{people['Alice']['id']}", {"passport_number": "19FR44821"})
air.call("PATCH", f"/bookings/{REF}/passengers/{people['Leo']['id']}", {"passport_number": "21FR90317"})
for name in ("Alice", "Leo"):
    air.call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound", "passenger_ids": [people[name]["id"]]})
final = air.call("GET", f"/bookings/{REF}")
print([(p["first_name"], p["passport_number"], [(t["leg"], t["seat"], t["checked_in"]) for t in p["tickets"]]) for p in final["passengers"]])
PY
