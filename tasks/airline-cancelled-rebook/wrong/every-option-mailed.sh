#!/bin/bash
# Wrong (output written to fool the grader): rebooks onto the right flight, but mails Bob the
# whole list of the day's flights with their landing times, so the mail names the right ones
# whatever they are, and Bob cannot tell which flight to meet.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"
login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
flights = air.call("GET", "/flights?origin=LYS&destination=LHR&date=2026-03-03")["items"]
open_ = [f for f in flights if f["status"] != "cancelled"]
results = air.call("GET", "/flights/search?origin=LYS&destination=LHR&date=2026-03-03"
                          "&cabin=economy&passengers=1&sort=departure")["items"]
new = next(r["flight"] for r in results if r["flight"]["status"] != "cancelled")
air.call("POST", "/bookings/K7Q2XM/change", {"flight_id": new["id"], "leg": "outbound"})
lines = "\n".join(f"- {f['number']}: lands {f['scheduled_arrival_local'][11:16]} London time"
                  for f in open_)
mail.call("POST", "/messages/send", {
    "to": ["bob@example.test"], "subject": "My flight tomorrow",
    "body": f"My flight was cancelled; I'm on one of these:\n{lines}"})
PY
