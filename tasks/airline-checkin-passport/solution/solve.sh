#!/bin/bash
# Reference solution of airline-checkin-passport: record both passports, give Leo the free
# seat beside Alice's on the outbound leg, then check in the outbound leg.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR = "http://127.0.0.1:5000/api"
REF = "PX4M2Q"
PASSPORTS = {"Alice": "19FR44821", "Leo": "21FR90317"}

air = ServiceClient(AIR).login("alice", "alice-pass")
booking = air.call("GET", f"/bookings/{REF}")
for passenger in booking["passengers"]:
    air.call("PATCH", f"/bookings/{REF}/passengers/{passenger['id']}",
             {"passport_number": PASSPORTS[passenger["first_name"]]})
alice, leo = booking["passengers"]
alice_seat = next(t["seat"] for t in alice["tickets"] if t["leg"] == "outbound")
row, letter = alice_seat[:-1], alice_seat[-1]
free = {s["number"] for s in air.call(
    "GET", f"/flights/{alice['tickets'][0]['flight_id']}/seats?cabin={booking['cabin']}&free_only=true")["seats"]}
layout_neighbours = {"A": "B", "B": "AC", "C": "B", "D": "E", "E": "DF", "F": "E"}
beside = next(f"{row}{n}" for n in layout_neighbours[letter] if f"{row}{n}" in free)
air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": leo["id"], "seat": beside,
                                            "leg": "outbound"})
passes = air.call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound"})
print("Leo in", beside, "; checked in:", passes)
PY
