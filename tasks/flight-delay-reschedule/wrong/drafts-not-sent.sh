#!/bin/bash
# Wrong (a draft passing as sent mail): moves the workshop right and writes each guest the
# right mail, but leaves the mails in Drafts; nobody is told.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)

meeting = cal.call("GET", "/events/2")
cal.call("PATCH", "/events/2", {"start": "2026-03-03T15:40:00"})
for guest in meeting["attendees"]:
    mail.call("POST", "/drafts", {
        "to": [guest["email"]], "subject": f"Moved: {meeting['title']} now at 15:40",
        "body": "My flight is delayed, so the workshop now starts at 15:40 (London time)."})
PY
