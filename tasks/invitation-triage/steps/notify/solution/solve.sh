#!/bin/bash
# Reference solution of invitation-triage, step "notify": mail the organizer of each declined
# invitation, naming the meeting.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"


def call(base, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


login = {"username": "alice", "password": "alice-pass"}
cal_token = call(CAL, "POST", "/auth/login", login)["token"]
mail_token = call(MAIL, "POST", "/auth/login", login)["token"]
declined = call(CAL, "GET", "/invitations?rsvp=declined", token=cal_token)
declined = declined["items"] if isinstance(declined, dict) else declined
for invitation in declined:
    event = invitation.get("event", invitation)
    organizer = event["organizer"]["email"]
    call(MAIL, "POST", "/messages/send", {
        "to": [organizer],
        "subject": f"Can't make it: {event['title']}",
        "body": f"Hi,\n\nSorry, I can't attend \"{event['title']}\": it clashes with something "
                "already in my calendar.\n\nAlice",
    }, mail_token)
    print("told", organizer, "about", event["title"])
PY
