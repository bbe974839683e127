#!/bin/bash
# WRONG: rebooks onto LC216 correctly, but the mail hedges - 'LC216 landing 14:05, or if that goes wrong LC218 landing 19:25' - so Bob does not know which flight to meet.
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
alt = options[1]
a2 = alt["scheduled_arrival_local"][11:16]
mail.call("POST", "/messages/send", {"to": ["bob@example.test"], "subject": f"New flight tomorrow: {new['number']} ({arr}) or {alt['number']} ({a2})",
    "body": f"Hi Bob,\n\nMy flight was cancelled. I'm on {new['number']}, landing at Heathrow at {arr} London time - or, if that goes wrong, {alt['number']} landing {a2}.\n\nAlice"})

PY
