#!/bin/bash
# WRONG: rebooks correctly but tells Bob the flight lands at 15:05 - the Lyon/Paris clock time, mislabelled as London time (it lands 14:05 London); Bob would arrive an hour late.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"
login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
bookings = air.call("GET", "/bookings")["items"]
booking = next(b for b in bookings if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
old = leg["flight"]
oc, dc, dd = old["origin"]["code"], old["destination"]["code"], old["date"]
q = f"/flights/search?origin={oc}&destination={dc}&date={dd}&cabin=economy&passengers=1&sort=departure"
options = [r["flight"] for r in air.call("GET", q)["items"] if r["flight"]["id"] != old["id"]]
new = options[0]
ref = booking["reference"]
arr = new["scheduled_arrival_local"][11:16]
print("options", [(o["number"], o["scheduled_arrival_local"]) for o in options])


air.call("POST", f"/bookings/{ref}/change", {"flight_id": new["id"], "leg": leg.get("leg", "outbound")})
from datetime import datetime, timedelta
paris = (datetime.fromisoformat(new["scheduled_arrival_local"]) + timedelta(hours=1)).strftime("%H:%M")
mail.call("POST", "/messages/send", {"to": ["bob@example.test"], "subject": f"New flight tomorrow: {new['number']}, landing {paris}",
    "body": f"Hi Bob,\n\nMy flight was cancelled; I'm now on {new['number']}, landing at Heathrow at {paris} London time.\n\nAlice"})

PY
