#!/bin/bash
# wrong (look-alike decoy): moves the booking to LC214 on the day after (same flight number and
# time, not cancelled) instead of a flight on the same day, and tells Bob it lands at 10:40 the
# day after.
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

nxt = next(f for f in air.call("GET", "/flights?origin=LYS&destination=LHR&per_page=100&number=LC214")["items"]
           if f["date"] != day)
rebook(nxt)
mail_bob("New flight: LC214 one day later", f"Hi Bob,\n\nMy flight was cancelled; I'm now on LC214 on {nxt['date']}, landing at Heathrow at {nxt['scheduled_arrival_local'][11:16]} London time.\n\nAlice")
print("moved to", nxt["number"], nxt["date"])
PY
