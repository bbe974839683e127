#!/bin/bash
# wrong (content: everyone-elses-items): rebooks onto LC216 and tells Bob so with its landing
# time, but the mail also lists every other flight into Heathrow that day with its landing time
# (the cancelled LC214, the full LC220, LC218, LC330 from Paris), facts about other flights Bob
# did not need and may act on.
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
lines = []
for f in air.call("GET", f"/flights?destination=LHR&date={day}&per_page=100")["items"]:
    lines.append(f"- {f['number']} from {f['origin']['city']}: lands {f['scheduled_arrival_local'][11:16]} London time ({f['status']})")
mail_bob(f"New flight: LC216, landing {LANDS}", f"Hi Bob,\n\nMy flight was cancelled; I'm now on LC216, landing at Heathrow at {LANDS} London time. For the record, here are all of tomorrow's flights into Heathrow:\n" + "\n".join(lines) + "\n\nAlice")
print("moved; listed all flights")
PY
