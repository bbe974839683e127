#!/bin/bash
# wrong (copied-instruction), notify step: mails the right organizers, but the body is the instruction pasted back (no meeting named).
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
text = ("Now, for each invitation you declined, send its organizer a short email from my mailbox saying "
        "I cannot attend because of a clash in my calendar. Name the meeting (its title) in the subject "
        "or the text so they know which one it is.")
for e in declined:
    send([e["organizer"]["email"]], "Tell the organizers why I declined", text)
PY
