#!/bin/bash
# WRONG: first moves the booking to the cheapest flight (LC218), then "corrects" to LC216; the final flight is right but the second change is no longer a free change of a cancelled flight, so Alice is charged a change fee and fare difference - a user would object to paying.
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

cheap = min(options, key=lambda f: min(c["price"] for c in f.get("cabins", f.get("fares", [{"price": 0}])) ) if (f.get("cabins") or f.get("fares")) else 0)
cheap = next((o for o in options if o["number"] == "LC218"), cheap)
r1 = air.call("POST", f"/bookings/{ref}/change", {"flight_id": cheap["id"], "leg": leg.get("leg", "outbound")})
r2 = air.call("POST", f"/bookings/{ref}/change", {"flight_id": new["id"], "leg": leg.get("leg", "outbound")})
print("charged", r1.get("amount_charged"), r2.get("amount_charged"), r2.get("change_fee"))
mail.call("POST", "/messages/send", {"to": ["bob@example.test"],
    "subject": f"New flight tomorrow: {new['number']}, landing {arr}",
    "body": f"Hi Bob,\n\nMy flight was cancelled; I'm now on {new['number']} from {new['origin']['city']}, landing at Heathrow at {arr} London time.\n\nAlice"})
PY
