#!/bin/bash
# Wrong (right effect, wrong details): moves the workshop to the right start but sends an end
# one hour later, as if every meeting lasted an hour, so it loses half an hour; mails right.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)

meeting = cal.call("GET", "/events/2")
cal.call("PATCH", "/events/2", {"start": "2026-03-03T15:40:00", "end": "2026-03-03T16:40:00"})
mail.call("POST", "/messages/send", {
    "to": [a["email"] for a in meeting["attendees"]],
    "subject": f"Moved: {meeting['title']} now at 15:40",
    "body": "My flight is delayed, so the workshop now starts at 15:40 (London time)."})
PY
