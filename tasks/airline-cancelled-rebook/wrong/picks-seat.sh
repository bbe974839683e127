#!/bin/bash
# WRONG: rebooks and mails correctly, but then selects a seat (24A again) on the new flight; the instruction said not to change seats, and the seat selection may add a fee.
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

b = air.call("POST", f"/bookings/{ref}/change", {"flight_id": new["id"], "leg": leg.get("leg", "outbound")})
pid = booking["passengers"][0]["id"]
try:
    r = air.call("POST", f"/bookings/{ref}/seats", {"passenger_id": pid, "seat": "24A", "leg": "outbound"})
    print("seat set", r.get("total_price"))
except Exception as e:
    print("seat failed", e)
mail.call("POST", "/messages/send", {"to": ["bob@example.test"],
    "subject": f"New flight tomorrow: {new['number']}, landing {arr}",
    "body": f"Hi Bob,\n\nMy flight was cancelled; I'm now on {new['number']} from {new['origin']['city']}, landing at Heathrow at {arr} London time.\n\nAlice"})
PY
