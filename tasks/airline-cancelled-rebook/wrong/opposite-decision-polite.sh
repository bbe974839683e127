#!/bin/bash
# wrong (content: opposite-decision-polite): rebooks onto LC216 correctly, but the mail politely
# tells Bob that no new flight could be found tomorrow and that he should not come to Heathrow.
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
mail_bob("Tomorrow's pick-up", "Hi Bob,\n\nI'm so sorry: my flight to London tomorrow was cancelled and I couldn't get onto another flight that day, so please don't come to Heathrow tomorrow. I'll let you know once I have a new plan.\n\nThanks so much for offering, and sorry again!\nAlice")
print("moved; told Bob not to come")
PY
