#!/bin/bash
# Wrong (the look-alike decoy): moves the booking to the same flight number a day later (LC214
# the day after), not the earliest flight of the same day, and tells Bob its landing time.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"
login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
booking = air.call("GET", "/bookings/K7Q2XM")
old = booking["flights"][0]["flight"]
later = [f for f in air.call("GET", f"/flights?number={old['number']}")["items"]
         if f["id"] != old["id"] and f["status"] != "cancelled"]
new = later[0]
air.call("POST", "/bookings/K7Q2XM/change", {"flight_id": new["id"], "leg": "outbound"})
arrival = new["scheduled_arrival_local"][11:16]
mail.call("POST", "/messages/send", {
    "to": ["bob@example.test"], "subject": f"New flight: {new['number']}",
    "body": f"I'm now on {new['number']} on {new['date']}, landing at {arrival} London time."})
PY
