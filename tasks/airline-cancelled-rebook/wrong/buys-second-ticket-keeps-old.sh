#!/bin/bash
# wrong (forbidden shortcut, extra purchase): leaves the cancelled booking as it is and buys a
# second booking on LC216 with Alice's card; Bob gets the right flight and time, but the
# instruction says to move the existing booking and not buy a new ticket.
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

p = booking["passengers"][0]
new = air.call("POST", "/bookings", {
    "flight_id": LC216["id"], "cabin": "economy", "payment_method_id": booking["payment_method_id"],
    "passengers": [{"first_name": p["first_name"], "last_name": p["last_name"],
                    "date_of_birth": p["date_of_birth"], "passport_number": p["passport_number"]}]})
mail_bob(f"New flight: LC216, landing {LANDS}", f"Hi Bob,\n\nMy flight LC214 was cancelled; I am now on LC216 from Lyon, landing at London Heathrow at {LANDS} (London time) tomorrow.\n\nAlice")
print("booked", new["reference"])
PY
