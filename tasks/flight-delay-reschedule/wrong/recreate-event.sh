#!/bin/bash
# WRONG: instead of moving the meeting it deletes it and creates a new one at 15:40 with the same title, place, length and guests; guests get a cancellation plus a fresh invitation, their acceptances are lost and the original event is gone (the instruction said move it).
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

ev = cal.call("GET", "/events/" + str(meeting["id"]))
dur = datetime.fromisoformat(ev["end"].replace("Z", "+00:00")) - datetime.fromisoformat(ev["start"].replace("Z", "+00:00"))
cal.call("DELETE", "/events/" + str(meeting["id"]))
att = []
for a in ev["attendees"]:
    att.append({"username": a["username"]} if a.get("username") else {"email": a["email"]})
cal.call("POST", "/events", {"title": ev["title"], "location": ev.get("location"), "description": ev.get("description") or "",
  "start": new_start.strftime("%Y-%m-%dT%H:%M:%S"), "end": (new_start + dur).strftime("%Y-%m-%dT%H:%M:%S"), "attendees": att})
mail.call("POST", "/messages/send", {"to": guests, "subject": "Moved: " + meeting["title"] + " now at " + new_start.strftime("%H:%M"),
  "body": "Hello,\n\nMy flight is delayed, so " + meeting["title"] + " moves to tomorrow at " + new_start.strftime("%H:%M") + " (London time), same place and length.\n\nAlice"})

PY
