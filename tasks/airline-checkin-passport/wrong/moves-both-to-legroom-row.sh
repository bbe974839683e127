#!/bin/bash
# wrong (changes something else, extra fees): moves Alice from 24A to 20A and puts Leo in 20B,
# paid extra-legroom seats, so they sit together but Alice's seat is changed and the booking is
# charged $80 in seat fees.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
REF = "PX4M2Q"
booking = air.call("GET", f"/bookings/{REF}")
alice = next(p for p in booking["passengers"] if p["first_name"] == "Alice")
leo = next(p for p in booking["passengers"] if p["first_name"] == "Leo")
out_flight = next(l["flight"] for l in booking["flights"] if l["leg"] == "outbound")
ret_flight = next(l["flight"] for l in booking["flights"] if l["leg"] == "return")


def passport(p, number):
    return air.call("PATCH", f"/bookings/{REF}/passengers/{p['id']}", {"passport_number": number})


def seat(p, number, leg="outbound"):
    return air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": p["id"], "seat": number, "leg": leg})


def check_in(**body):
    return air.call("POST", f"/bookings/{REF}/check-in", body or {"leg": "outbound"})

passport(alice, "19FR44821"); passport(leo, "21FR90317")
seat(alice, "20A"); seat(leo, "20B")
check_in(leg="outbound")
print("moved both to row 20, checked in")
PY
