#!/bin/bash
# wrong (everyone-elses-items / extra recipients), notify step: one message to every organizer (Bob, Carol, Dave) that names both declined meetings, so Dave (accepted) is mailed and each organizer reads about the other's meeting.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
def items(x):
    return x["items"] if isinstance(x, dict) else x
declined = [i.get("event", i) for i in items(cal.call("GET", "/invitations?rsvp=declined"))]
accepted = [i.get("event", i) for i in items(cal.call("GET", "/invitations?rsvp=accepted"))]
print("declined", [(e["title"], e["organizer"]["email"]) for e in declined])
def send(to, subject, body):
    m = mail.call("POST", "/messages/send", {"to": to, "subject": subject, "body": body})
    print("sent", to, subject)
to = sorted({e["organizer"]["email"] for e in declined + accepted})
titles = " and ".join(f'"{e["title"]}"' for e in declined)
send(to, "Declined invitations", f"Hi all,\n\nI can't attend {titles}: they clash with my calendar.\n\nAlice")
PY
