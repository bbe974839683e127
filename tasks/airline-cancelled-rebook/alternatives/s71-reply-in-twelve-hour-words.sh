#!/bin/bash
# Correct, fuller true text in other words: rebooks onto the earliest same-day flight with a seat through the REST API and replies in Bob's "Pick-up tomorrow" thread with 12-hour times: LC216, the 1:20 pm from Lyon, touching down at Heathrow at 2:05 pm London time (3:05 pm on her watch, London an hour behind), a 105-minute flight, still her same booking.
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


def twelve_hour(local: str) -> str:
    hour, minute = map(int, local[11:16].split(":"))
    return f"{hour - 12 if hour > 12 else hour}:{minute:02d} {'pm' if hour >= 12 else 'am'}"


inbox = mail.call("GET", "/messages?folder=inbox&q=Pick-up")["items"]
bob = next(m for m in inbox if "Pick-up" in m["subject"])
mail.call("POST", f"/messages/{bob['id']}/reply", {
    "body": "Hi Bob,\n\nThanks again for offering to fetch me on Tuesday. Small change of plan: "
            f"the airline cancelled my morning flight, so I'm on {new['number']} instead, the "
            f"{twelve_hour(new['scheduled_departure_local'])} from Lyon. It touches down at "
            f"Heathrow at {twelve_hour(new['scheduled_arrival_local'])} London time (3:05 pm on "
            "my watch, as London is an hour behind). It's a 105-minute flight, and it is still "
            "my same booking.\n\nSee you at arrivals,\nAlice",
})
print("moved to", new["number"], "; replied to", bob["subject"])
PY
