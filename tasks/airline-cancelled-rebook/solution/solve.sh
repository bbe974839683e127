#!/bin/bash
# Reference solution of airline-cancelled-rebook: find the cancelled booking, search the same
# route and day sorted by departure (only flights with free seats come back), change the
# booking to the first one after the cancelled departure, mail Bob. Retries on 429/5xx.
set -euo pipefail
python3 - <<'PY'
import time

from mock_services.client import ServiceClient

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"

login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
bookings = air.call("GET", "/bookings")
bookings = bookings["items"] if isinstance(bookings, dict) else bookings
booking = next(b for b in bookings
               if any(leg["flight"]["status"] == "cancelled" for leg in b["flights"]))
leg = next(leg for leg in booking["flights"] if leg["flight"]["status"] == "cancelled")
old = leg["flight"]
query = (f"/flights/search?origin={old['origin']['code']}&destination="
         f"{old['destination']['code']}&date={old['date']}&cabin={booking['cabin']}"
         f"&passengers={len(booking['passengers'])}&sort=departure")
options = [r["flight"] for r in air.call("GET", query)["items"]
           if r["flight"]["id"] != old["id"]]
new = options[0]
air.call("POST", f"/bookings/{booking['reference']}/change",
         {"flight_id": new["id"], "leg": leg.get("leg", "outbound")})
arrival = new["scheduled_arrival_local"][11:16]
mail.call("POST", "/messages/send", {
    "to": ["bob@example.test"],
    "subject": f"New flight tomorrow: {new['number']}, landing {arrival}",
    "body": f"Hi Bob,\n\nMy flight was cancelled; I'm now on {new['number']} from "
            f"{new['origin']['city']}, landing at Heathrow at {arrival} London time.\n\nAlice",
})
print("moved", booking["reference"], "to", new["number"], "landing", arrival)
PY
