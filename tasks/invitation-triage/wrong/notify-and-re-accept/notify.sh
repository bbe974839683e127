#!/bin/bash
# wrong (extra side effect), notify step: sends the right mails, then flips the two declined invitations to 'tentative' in the calendar ('in case the clash moves'), changing answers; the step says send nothing else.
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
for e in declined:
    print(cal.call("POST", f"/events/{e['id']}/rsvp", {"response": "tentative"}).get("my_rsvp"))
PY
