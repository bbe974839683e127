#!/bin/bash
# Reference solution of invitation-triage, step "notify": mail the organizer of each declined
# invitation, naming the meeting.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"

login = {"username": "alice", "password": "alice-pass"}
cal = ServiceClient(CAL).login(**login)
mail = ServiceClient(MAIL).login(**login)
declined = cal.call("GET", "/invitations?rsvp=declined")
declined = declined["items"] if isinstance(declined, dict) else declined
for invitation in declined:
    event = invitation.get("event", invitation)
    organizer = event["organizer"]["email"]
    mail.call("POST", "/messages/send", {
        "to": [organizer],
        "subject": f"Can't make it: {event['title']}",
        "body": f"Hi,\n\nSorry, I can't attend \"{event['title']}\": it clashes with something "
                "already in my calendar.\n\nAlice",
    })
    print("told", organizer, "about", event["title"])
PY
