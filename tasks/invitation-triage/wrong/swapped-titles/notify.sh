#!/bin/bash
# Right triage; each organizer gets a mail naming the OTHER declined meeting (titles swapped).
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
        send([e["organizer"]["email"]], f"Can't make it: {e['title']}", f"Hi,\n\nSorry, I can't attend '{e['title']}': it clashes with something already in my calendar.\n\nAlice")

for i, e in enumerate(declined):
    o = declined[(i + 1) % len(declined)]
    send([e["organizer"]["email"]], f"Can't make it: {o['title']}", f"Hi,\n\nSorry, I can't attend {o['title']}: it clashes with my calendar.\n\nAlice")
PY
