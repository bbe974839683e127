#!/bin/bash
# ALT (right): rebooks LC216 and replies in Bob's own thread, giving the landing time as 2:05 pm London time.
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

print(byno["LC216"].get("scheduled_arrival_local"), byno["LC216"].get("scheduled_departure_local"))
change("LC216")
msgs = mail.call("GET", "/messages?folder=inbox&q=Pick-up")["items"]
m = next(x for x in msgs if "Pick-up" in x["subject"])
mail.call("POST", "/messages/%s/reply" % m["id"], {"body": "Hi Bob,\n\nThe airline cancelled my flight, so I have been moved to flight LC216. It lands at Heathrow at 2:05 pm London time tomorrow.\n\nThanks for picking me up!\nAlice"})
PY
