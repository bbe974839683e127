#!/bin/bash
# Wrong (a draft passing as sent mail): rebooks onto the right flight and writes Bob the right
# mail, but only saves it as a draft; Bob never gets it.
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
arrival = new["scheduled_arrival_local"][11:16]
mail.call("POST", "/drafts", {
    "to": ["bob@example.test"], "subject": f"New flight tomorrow: {new['number']}",
    "body": f"I'm now on {new['number']}, landing at Heathrow at {arrival} London time."})
PY
