#!/bin/bash
# Wrong (the look-alike decoy): reads the first "delayed" mail of the inbox, oldest first, so
# it takes last month's delay notice (another flight, landing 22:10) for tomorrow's, moves the
# workshop to two hours after that and tells the guests.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)

notice = mail.call("GET", "/messages?folder=inbox&q=delayed&sort=oldest")["items"][0]
body = mail.call("GET", f"/messages/{notice['id']}")["body"]
landing = re.search(r"(\d\d:\d\d)", body)[1]
meeting = cal.call("GET", "/events/2")
day = datetime.fromisoformat(meeting["start_local"]).date()
start = datetime.combine(day, datetime.strptime(landing, "%H:%M").time()) + timedelta(hours=2)
cal.call("PATCH", "/events/2", {"start": start.strftime("%Y-%m-%dT%H:%M:%S")})
mail.call("POST", "/messages/send", {
    "to": [a["email"] for a in meeting["attendees"]],
    "subject": f"Moved: {meeting['title']}",
    "body": f"My flight is delayed; the workshop now starts at {start:%H:%M}."})
PY
