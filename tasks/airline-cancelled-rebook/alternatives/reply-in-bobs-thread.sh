#!/bin/bash
# alternative (REST API, other path): reads the airline's cancellation mail first, lists every
# flight of the route that day (GET /flights, not the search), keeps the earliest one that is
# not cancelled and has a free seat in the booked cabin, changes the booking onto it (retrying the
# 429/503 answers), and tells Bob by replying to his own "Pick-up tomorrow" mail (same thread).
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.client import ServiceClient

air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")

notice = mail.call("GET", "/messages?folder=inbox&q=cancelled&sort=newest")["items"][0]
ref = re.search(r"booking ([A-Z0-9]{6})", mail.call("GET", f"/messages/{notice['id']}")["body"])[1]
booking = air.call("GET", f"/bookings/{ref}")
leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
old = leg["flight"]
flights = air.call("GET", f"/flights?origin={old['origin']['code']}&destination="
                          f"{old['destination']['code']}&date={old['date']}&per_page=100")["items"]
need = len(booking["passengers"])


def has_seat(f):
    fare = next((x for x in f["fares"] if x["cabin"] == booking["cabin"]), None)
    return fare is not None and fare["seats_available"] >= need


new = min((f for f in flights if f["id"] != old["id"] and f["status"] in ("scheduled", "delayed")
           and has_seat(f)), key=lambda f: f["scheduled_departure"])
air.call("POST", f"/bookings/{ref}/change", {"flight_id": new["id"], "leg": leg["leg"]})
lands = new["scheduled_arrival_local"][11:16]

bob = next(m for m in mail.call("GET", "/messages?folder=inbox&from=bob@example.test")["items"])
mail.call("POST", f"/messages/{bob['id']}/reply", {
    "body": f"Hi Bob,\n\nChange of plan: my flight was cancelled and I'm now on {new['number']}, "
            f"landing at Heathrow at {lands} (London time) tomorrow.\n\nThanks!\nAlice"})
print("moved", ref, "to", new["number"], "landing", lands, "; replied to", bob["subject"])
PY
