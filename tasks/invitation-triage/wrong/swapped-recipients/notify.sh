#!/bin/bash
# wrong (wrong recipients), notify step: the two decline mails are sent to the wrong organizers (Pricing sync's to Bob, Early design jam's to Carol).
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
orgs = [e["organizer"]["email"] for e in declined]
for e, to in zip(declined, orgs[::-1]):
    send([to], f"Can't make it: {e['title']}",
         f"Hi,\n\nSorry, I can't attend \"{e['title']}\": it clashes with something already in my calendar.\n\nAlice")
PY
