#!/bin/bash
# Wrong (a forbidden shortcut): deletes the workshop (cancelling it for every guest) and creates
# a new one at the right time with the same title, place, length and guests, then mails them.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)

meeting = cal.call("GET", "/events/2")
cal.call("DELETE", "/events/2")
cal.call("POST", "/events", {
    "title": meeting["title"], "location": meeting["location"],
    "start": "2026-03-03T15:40:00", "end": "2026-03-03T17:10:00",
    "attendees": [{"email": a["email"]} for a in meeting["attendees"]]})
mail.call("POST", "/messages/send", {
    "to": [a["email"] for a in meeting["attendees"]],
    "subject": f"Moved: {meeting['title']} now at 15:40",
    "body": "My flight is delayed, so the workshop now starts at 15:40 (London time)."})
PY
