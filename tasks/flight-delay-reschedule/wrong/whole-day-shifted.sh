#!/bin/bash
# Wrong (collateral damage): moves the workshop right and mails its guests, but also pushes
# every later event of that day (the dinner) back by the same amount "to keep the day".
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)

meeting = cal.call("GET", "/events/2")
old = datetime.fromisoformat(meeting["start_local"]).replace(tzinfo=None)
new = datetime(2026, 3, 3, 15, 40)
shift = new - old
for event in cal.call("GET", "/events?per_page=100")["items"]:
    start = datetime.fromisoformat(event["start_local"]).replace(tzinfo=None)
    if start.date() == old.date() and start >= old:
        cal.call("PATCH", f"/events/{event['id']}", {"start": (start + shift).isoformat()})
mail.call("POST", "/messages/send", {
    "to": [a["email"] for a in meeting["attendees"]],
    "subject": f"Moved: {meeting['title']} now at 15:40",
    "body": "My flight is delayed, so the workshop now starts at 15:40 (London time)."})
PY
