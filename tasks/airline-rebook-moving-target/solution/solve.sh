#!/bin/bash
# Reference solution of airline-rebook-moving-target: find the cancelled booking, search the same
# route and day sorted by departure, and before acting look again (the schedule moves while
# Alice waits), change the booking to the first flight still on sale, then read the booking
# back for the flight's current landing time and mail Dana.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"

login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient(AIR).login(**login)
mail = ServiceClient(MAIL).login(**login)
bookings = air.call("GET", "/bookings")["items"]
booking = next(b for b in bookings
               if any(leg["flight"]["status"] == "cancelled" for leg in b["flights"]))
leg = next(leg for leg in booking["flights"] if leg["flight"]["status"] == "cancelled")
old = leg["flight"]
query = (f"/flights/search?origin={old['origin']['code']}&destination="
         f"{old['destination']['code']}&date={old['date']}&cabin={booking['cabin']}"
         f"&passengers={len(booking['passengers'])}&sort=departure")


def first_option() -> dict:
    hits = [r["flight"] for r in air.call("GET", query)["items"] if r["flight"]["id"] != old["id"]]
    return min(hits, key=lambda f: f["estimated_departure"] or f["scheduled_departure"])


seen = first_option()
new = first_option()  # the second look: what the first one showed may no longer hold
if new["id"] != seen["id"]:
    print(f"{seen['number']} is no longer on sale; taking {new['number']}")
air.call("POST", f"/bookings/{booking['reference']}/change",
         {"flight_id": new["id"], "leg": leg.get("leg", "outbound")})
now = air.call("GET", f"/bookings/{booking['reference']}")
flight = next(x["flight"] for x in now["flights"] if x["flight"]["id"] == new["id"])
arrival = (flight["estimated_arrival_local"] or flight["scheduled_arrival_local"])[11:16]
mail.call("POST", "/messages/send", {
    "to": ["dana@example.test"],
    "subject": f"New flight tomorrow: {flight['number']}, landing {arrival}",
    "body": f"Hi Dana,\n\nMy flight was cancelled; I'm now on {flight['number']} from Boston, "
            f"landing at O'Hare at {arrival} Chicago time.\n\nAlice",
})
print("moved", booking["reference"], "to", flight["number"], "landing", arrival)
PY
