#!/bin/bash
# Correct alternative: PATCH with explicit start and end (with +00:00 offsets), and a mail with the full, true context: landing 13:40, moved from 13:00 to 15:40, ends 17:10, same room.
set -euo pipefail
python3 - <<'PY'
import re, json
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
meeting = min([e for e in events if e["attendees"]], key=lambda e: e["start"])
ls = datetime.fromisoformat(meeting["start_local"]).replace(tzinfo=None)
le = datetime.fromisoformat(meeting["end_local"]).replace(tzinfo=None)
arrival = datetime.combine(ls.date(), datetime.strptime(new_arrival, "%H:%M").time())
new_start = arrival + timedelta(hours=2)
guests = [a["email"] for a in meeting["attendees"]]
def move(start, end=None):
    b = {"start": start.strftime("%Y-%m-%dT%H:%M:%S")}
    if end: b["end"] = end.strftime("%Y-%m-%dT%H:%M:%S")
    cal.call("PATCH", f"/events/{meeting['id']}", b)
def send(subject, body, to=None):
    mail.call("POST", "/messages/send", {"to": to or guests, "subject": subject, "body": body})

ns = new_start; ne = new_start + (le - ls)
cal.call('PATCH', f"/events/{meeting['id']}", {'start': ns.strftime('%Y-%m-%dT%H:%M:00+00:00'), 'end': ne.strftime('%Y-%m-%dT%H:%M:00+00:00')})
send(f"{meeting['title']} moved to {ns:%H:%M} tomorrow", f"Hi both,\n\nMy flight LC214 is delayed and now lands at {arrival:%H:%M}, so I have moved tomorrow's {meeting['title']} (Tuesday 3 March) from {ls:%H:%M} to {ns:%H:%M}; it now runs {ns:%H:%M}-{ne:%H:%M}, still in {meeting.get('location')}.\n\nSorry for the change,\nAlice")
PY
