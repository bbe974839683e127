#!/bin/bash
# wrong (wrong detail): moves the booking to LC216 but tells Bob it lands at 15:05, the landing
# time in Paris/Lyon time, not the London local time (14:05) he needs at Heathrow.
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
mail_bob("New flight: LC216, landing 15:05", "Hi Bob,\n\nMy flight LC214 was cancelled; I'm now on LC216 from Lyon, landing at Heathrow at 15:05 tomorrow.\n\nAlice")
print("moved, told 15:05")
PY
