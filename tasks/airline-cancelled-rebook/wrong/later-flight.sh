#!/bin/bash
# WRONG: moves the booking to LC218 (17:45, the cheapest, not the earliest with seats) and mails its true landing time.
set -euo pipefail
python3 - <<'PY'
import time
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
air = ServiceClient("http://127.0.0.1:5000/api").login(**login)
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
def acall(*a):
    for i in range(20):
        try: return air.call(*a)
        except Exception as e:
            if any(c in str(e) for c in ("429","503","Too Many","navailable","rate")): time.sleep(1.2); continue
            raise
    raise SystemExit("gave up")
bk = acall("GET", "/bookings"); bk = bk["items"] if isinstance(bk, dict) else bk
booking = next(b for b in bk if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
REF = booking["reference"]
leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
old = leg["flight"]
allf = acall("GET", f"/flights?origin=LYS&destination=LHR&date={old['date']}")
allf = allf["items"] if isinstance(allf, dict) else allf
byno = {f["number"]: f for f in allf}
def change(num):
    return acall("POST", f"/bookings/{REF}/change", {"flight_id": byno[num]["id"], "leg": leg.get("leg", "outbound")})
def send(subject, body, to=("bob@example.test",)):
    return mail.call("POST", "/messages/send", {"to": list(to), "subject": subject, "body": body})

change("LC218")
t = byno["LC218"]["scheduled_arrival_local"][11:16]; print(t)
send("New flight LC218", f"Hi Bob,\n\nMy flight was cancelled. I am now on LC218, landing at Heathrow at {t} London time.\n\nAlice")
PY
