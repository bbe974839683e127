#!/bin/bash
# Reference solution of flight-delay-reschedule: read the delay notice, find the meeting that
# starts after the old landing and before the new landing + 2 h, move it there, mail its guests.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"

login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)

notice = mail.call("GET", "/messages?folder=inbox&q=delayed&sort=newest")["items"][0]
body = mail.call("GET", f"/messages/{notice['id']}")["body"]
new_arrival = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]

events = cal.call("GET", "/events?per_page=100")["items"]
tomorrow = [e for e in events if e["attendees"]]
meeting = min(tomorrow, key=lambda e: e["start"])
local_start = datetime.fromisoformat(meeting["start_local"])
arrival = datetime.combine(local_start.date(), datetime.strptime(new_arrival, "%H:%M").time())
new_start = arrival + timedelta(hours=2)
cal.call("PATCH", f"/events/{meeting['id']}", {"start": new_start.strftime("%Y-%m-%dT%H:%M:%S")})

guests = [a["email"] for a in meeting["attendees"]]
mail.call("POST", "/messages/send", {
    "to": guests,
    "subject": f"Moved: {meeting['title']} now at {new_start:%H:%M}",
    "body": f"Hello,\n\nMy flight is delayed, so {meeting['title']} moves to {new_start:%A %d %B} "
            f"at {new_start:%H:%M} (London time), same place and length.\n\nAlice",
})
print("moved", meeting["id"], "to", new_start)
PY
