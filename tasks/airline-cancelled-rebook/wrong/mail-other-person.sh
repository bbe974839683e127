#!/bin/bash
# Rebooks correctly but sends the mail to alice herself (cc none), not to Bob. Wrong recipient.
set -euo pipefail
python3 - <<'PY'
import time, os, json
from mock_services.client import ServiceClient
AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"
login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
bookings = air.call("GET", "/bookings")
bookings = bookings["items"] if isinstance(bookings, dict) else bookings
booking = next(b for b in bookings if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
old = leg["flight"]
def search(date=None, sort="departure"):
    q = (f"/flights/search?origin={old['origin']['code']}&destination={old['destination']['code']}"
         f"&date={date or old['date']}&cabin={booking['cabin']}&passengers={len(booking['passengers'])}&sort={sort}")
    return [r["flight"] for r in air.call("GET", q)["items"] if r["flight"]["id"] != old["id"]]
def change(fl):
    return air.call("POST", f"/bookings/{booking['reference']}/change", {"flight_id": fl["id"], "leg": leg.get("leg", "outbound")})
def send(subject, body, to=("bob@example.test",)):
    return mail.call("POST", "/messages/send", {"to": list(to), "subject": subject, "body": body})

new = search()[0]; change(new)
arr = new["scheduled_arrival_local"][11:16]
send(f"New flight {new['number']} landing {arr}", f"Hi Bob,\n\nI am now on {new['number']}, landing at Heathrow at {arr} London time.\n\nAlice", to=("alice@example.test",))
PY
