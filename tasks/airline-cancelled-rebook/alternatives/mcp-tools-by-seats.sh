#!/bin/bash
# ALT (correct): everything through the services' MCP tools (/mcp) instead of the REST API; reads the airline's mail first, picks the earliest same-day flight with free economy seats from list_flights (not the search endpoint), changes the booking, then mails Bob in other wording.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
air, mail = McpClient("http://127.0.0.1:5000/mcp"), McpClient("http://127.0.0.1:5001/mcp")
air.call("login", username="alice", password="alice-pass")
mail.call("login", username="alice", password="alice-pass")
inbox = mail.call("list_messages", folder="inbox", q="cancelled")["items"]
print("notice:", inbox[0]["subject"])
bookings = air.call("list_bookings")["items"]
booking = next(b for b in bookings if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
old = leg["flight"]
flights = air.call("list_flights", origin=old["origin"]["code"], destination=old["destination"]["code"], date=old["date"])["items"]
def free(f):
    for c in f.get("cabins") or f.get("fares") or []:
        if c.get("cabin") == booking["cabin"]:
            return c["seats_available"]
    return 0
cands = sorted([f for f in flights if f["status"] not in ("cancelled",) and f["id"] != old["id"] and free(f) >= len(booking["passengers"])], key=lambda f: f["scheduled_departure"])
print([(f["number"], free(f)) for f in flights])
new = cands[0]
air.call("change_booking", reference=booking["reference"], flight_id=new["id"], leg=leg.get("leg", "outbound"))
arr = new["scheduled_arrival_local"][11:16]
mail.call("send_message", to=["bob@example.test"], subject=f"Flight change - I land at {arr} tomorrow", body=f"Hello Bob,\n\nSkyWays cancelled my original flight, so I've been moved to flight {new['number']}. "
               f"It lands at London Heathrow at {arr} (London time) tomorrow.\n\nThanks for picking me up!\nAlice")
print("moved to", new["number"], arr)
PY
