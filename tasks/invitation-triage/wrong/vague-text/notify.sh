#!/bin/bash
# wrong (vague-text), notify step: mails the right organizers but with a subject and body that name no meeting and give no reason.
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
for e in declined:
    send([e["organizer"]["email"]], "Re: your invitation", "Hi,\n\nI answered your invitation, see the calendar.\n\nAlice")
PY
