#!/bin/bash
# wrong (extra recipients), notify step: mails the declined meetings' organizers correctly and also sends 'see you there' mails to the organizers of the accepted invitations (Bob for Roadmap review, Dave for Hiring debrief, Carol for Team retro).
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
    send([e["organizer"]["email"]], f"Can't make it: {e['title']}",
         f"Hi,\n\nSorry, I can't attend \"{e['title']}\": it clashes with something already in my calendar.\n\nAlice")
for e in accepted:
    send([e["organizer"]["email"]], f"See you at {e['title']}", f"Hi,\n\nI accepted \"{e['title']}\". See you there.\n\nAlice")
PY
