#!/bin/bash
# Plausible wrong solution: takes the cheapest alternative (the evening flight) instead of the
# earliest one, and gives Bob its Lyon departure time. It does retry on 429/503.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"

login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
results = air.call("GET", "/flights/search?origin=LYS&destination=LHR&date=2026-03-03&sort=price")["items"]
new = results[0]["flight"]
air.call("POST", "/bookings/K7Q2XM/change", {"flight_id": new["id"], "leg": "outbound"})
mail.call("POST", "/messages/send", {"to": ["bob@example.test"], "subject": "New flight",
          "body": f"I'm on {new['number']}, leaving at {new['scheduled_departure_local'][11:16]}."})
PY
