#!/bin/bash
# Borderline alternative (notify): the decline mail names the meeting and the clash, and offers
# to catch up afterwards ("happy to get the notes or find another slot later this week"), no time.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
def inv(r):
    x = cal.call("GET", f"/invitations?rsvp={r}"); x = x["items"] if isinstance(x, dict) else x
    return [i.get("event", i) for i in x]
declined = inv("declined")
def send(to, subject, body): mail.call("POST", "/messages/send", {"to": to, "subject": subject, "body": body})
def loc(e): return datetime.fromisoformat(e.get("start_local") or e["start"].replace("Z", "+00:00"))
def correct():
    for e in declined:
        send([e["organizer"]["email"]], f"Can't make it: {e['title']}", f"Hi,\n\nSorry, I can't attend \"{e['title']}\": it clashes with something already in my calendar.\n\nAlice")
for e in declined:
    send([e["organizer"]["email"]], f"Declining {e['title']}", f"Hi,\n\nI have declined {e['title']} because it clashes with another appointment in my calendar. Happy to get the notes, or to find another slot later this week if you need me.\n\nAlice")
PY
