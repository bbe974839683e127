#!/bin/bash
# WRONG: moves the meeting correctly, but the mail to the guests says it is now on Wednesday 4 March at 15:40 (it is tomorrow, Tuesday 3 March) - the guests would show up on the wrong day.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
notice = mail.call("GET", "/messages?folder=inbox&q=delayed&sort=newest")["items"][0]
body = mail.call("GET", "/messages/" + str(notice["id"]))["body"]
new_arrival = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]
events = cal.call("GET", "/events?per_page=100")["items"]
meeting = min([e for e in events if e["attendees"]], key=lambda e: e["start"])
local_start = datetime.fromisoformat(meeting["start_local"])
arrival = datetime.combine(local_start.date(), datetime.strptime(new_arrival, "%H:%M").time())
new_start = arrival + timedelta(hours=2)
guests = [a["email"] for a in meeting["attendees"]]

cal.call("PATCH", "/events/" + str(meeting["id"]), {"start": new_start.strftime("%Y-%m-%dT%H:%M:%S")})
mail.call("POST", "/messages/send", {"to": guests, "subject": "Moved: " + meeting["title"] + " now at " + new_start.strftime("%H:%M"),
  "body": "Hello,\n\nMy flight is delayed, so " + meeting["title"] + " moves to Wednesday 4 March at " + new_start.strftime("%H:%M") + " (London time), same place and length.\n\nAlice"})

PY
