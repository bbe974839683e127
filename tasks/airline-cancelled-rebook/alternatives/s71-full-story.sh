#!/bin/bash
# Correct, fuller true text: rebooks onto the earliest same-day flight with a seat through the REST API and tells Bob the whole true story in other words: LC214's crew shortage and its planned 10:40 landing, LC220 full, LC216 on Tuesday 3 March leaving Lyon 13:20 and landing at Heathrow 14:05 London time, an hour and forty-five minutes in the air, same booking at no cost.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
bookings = air.call("GET", "/bookings")
bookings = bookings["items"] if isinstance(bookings, dict) else bookings
booking = next(b for b in bookings if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
old = leg["flight"]
found = air.call("GET", f"/flights/search?origin={old['origin']['code']}&destination="
                 f"{old['destination']['code']}&date={old['date']}&cabin={booking['cabin']}"
                 f"&passengers={len(booking['passengers'])}&sort=departure")["items"]
new = next(r["flight"] for r in found if r["flight"]["id"] != old["id"])
air.call("POST", f"/bookings/{booking['reference']}/change",
         {"flight_id": new["id"], "leg": leg.get("leg", "outbound")})
leaves = new["scheduled_departure_local"][11:16]
lands = new["scheduled_arrival_local"][11:16]
was_due = old["scheduled_arrival_local"][11:16]
mail.call("POST", "/messages/send", {
    "to": ["bob@example.test"],
    "subject": f"{new['number']} tomorrow, landing {lands} London time",
    "body": f"Hi Bob,\n\nSkyWays cancelled my {old['number']} (a crew shortage); I was due to land "
            f"at {was_due}. The earlier LC220 was full, so I'm now on {new['number']} tomorrow, "
            f"Tuesday 3 March: it leaves Lyon at {leaves} and lands at Heathrow at {lands} London "
            "time, an hour and forty-five minutes in the air. Same booking, and the change cost "
            "nothing.\n\nThanks for picking me up!\nAlice",
})
print("moved to", new["number"], "landing", lands)
PY
