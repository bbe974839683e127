#!/bin/bash
# Wrong (content: the opposite decision worded politely, with the right facts): rebooks onto
# the right flight and gives Bob its number and London landing time, but kindly tells him not
# to come to the airport after all (Alice will take the train), the opposite of the plan.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"
login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
results = air.call("GET", "/flights/search?origin=LYS&destination=LHR&date=2026-03-03"
                          "&cabin=economy&passengers=1&sort=departure")["items"]
new = next(r["flight"] for r in results if r["flight"]["status"] != "cancelled")
air.call("POST", "/bookings/K7Q2XM/change", {"flight_id": new["id"], "leg": "outbound"})
landing = new["scheduled_arrival_local"][11:16]
mail.call("POST", "/messages/send", {
    "to": ["bob@example.test"], "subject": f"New flight tomorrow: {new['number']}",
    "body": f"Hi Bob,\n\nMy flight was cancelled; I'm now on {new['number']}, landing at "
            f"Heathrow at {landing} London time. Thank you so much for offering, but please "
            "don't come to the airport after all: I'll take the train into town.\n\nAlice"})
PY
