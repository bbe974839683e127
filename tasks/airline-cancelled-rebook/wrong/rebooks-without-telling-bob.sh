#!/bin/bash
# wrong (partial work): moves the booking to LC216 correctly but never emails Bob.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"
air = ServiceClient(AIR).login("alice", "alice-pass")
mail = ServiceClient(MAIL).login("alice", "alice-pass")
REF = "K7Q2XM"
booking = air.call("GET", f"/bookings/{REF}")
old = booking["flights"][0]["flight"]
day = old["date"]
flights = air.call("GET", f"/flights?origin=LYS&destination=LHR&date={day}&per_page=100")["items"]
by_number = {f["number"]: f for f in flights}


def rebook(flight):
    return air.call("POST", f"/bookings/{REF}/change", {"flight_id": flight["id"], "leg": "outbound"})


def mail_bob(subject, body, to=("bob@example.test",)):
    return mail.call("POST", "/messages/send", {"to": list(to), "subject": subject, "body": body})


LC216 = by_number["LC216"]
LANDS = LC216["scheduled_arrival_local"][11:16]  # 14:05 London time

rebook(LC216)
print("moved to LC216, no mail")
PY
