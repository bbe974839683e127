#!/bin/bash
# Reference solution of flight-delay-reschedule: read the delay notice, find the meeting that
# starts after the old landing and before the new landing + 2 h, move it there, mail its guests.
set -euo pipefail
python3 - <<'PY'
import json
import re
import urllib.request
from datetime import datetime, timedelta

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
mail_token = call(MAIL, "POST", "/auth/login", login)["token"]
cal_token = call(CAL, "POST", "/auth/login", login)["token"]

notice = call(MAIL, "GET", "/messages?folder=inbox&q=delayed&sort=newest", token=mail_token)["items"][0]
body = call(MAIL, "GET", f"/messages/{notice['id']}", token=mail_token)["body"]
new_arrival = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]

events = call(CAL, "GET", "/events?per_page=100", token=cal_token)["items"]
tomorrow = [e for e in events if e["attendees"]]
meeting = min(tomorrow, key=lambda e: e["start"])
local_start = datetime.fromisoformat(meeting["start_local"])
arrival = datetime.combine(local_start.date(), datetime.strptime(new_arrival, "%H:%M").time())
new_start = arrival + timedelta(hours=2)
call(CAL, "PATCH", f"/events/{meeting['id']}", {"start": new_start.strftime("%Y-%m-%dT%H:%M:%S")},
     cal_token)

guests = [a["email"] for a in meeting["attendees"]]
call(MAIL, "POST", "/messages/send", {
    "to": guests,
    "subject": f"Moved: {meeting['title']} now at {new_start:%H:%M}",
    "body": f"Hello,\n\nMy flight is delayed, so {meeting['title']} moves to {new_start:%A %d %B} "
            f"at {new_start:%H:%M} (London time), same place and length.\n\nAlice",
}, mail_token)
print("moved", meeting["id"], "to", new_start)
PY
