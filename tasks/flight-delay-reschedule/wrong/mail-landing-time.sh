#!/bin/bash
# Moves correctly to 15:40 but the mail gives the new landing time 13:40 as the meeting's new start. Wrong time in mail.
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

move(new_start)
send(f"Moved: {meeting['title']}", f"Hello,\n\nMy flight is delayed, so {meeting['title']} now starts at {arrival:%H:%M} on {ls:%A %d %B}.\n\nAlice")
PY
