#!/bin/bash
# alternative (REST API, other shape): moves the meeting with an explicit new start AND end (length
# kept by computing it), addressing it with times that carry the London offset, then sends each
# guest a separate mail (one per guest) saying it moved and its new start time.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
london = ZoneInfo("Europe/London")
notice = next(m for m in mail.call("GET", "/messages?folder=inbox&sort=newest&per_page=50")["items"]
              if "delayed" in m["subject"].lower())
body = mail.call("GET", f"/messages/{notice['id']}")["body"]
old_landing = re.search(r"Scheduled arrival: (\d\d:\d\d)", body)[1]
new_landing = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]
events = cal.call("GET", "/events?per_page=100")["items"]
day = next(e for e in events if "flight" in e["title"].lower())["start_local"][:10]
lo = datetime.fromisoformat(f"{day}T{old_landing}").replace(tzinfo=london)
new_start = datetime.fromisoformat(f"{day}T{new_landing}").replace(tzinfo=london) + timedelta(hours=2)
meeting = next(e for e in events if e["attendees"] and lo <= datetime.fromisoformat(e["start_local"]) < new_start)
length = datetime.fromisoformat(meeting["end"].replace("Z", "+00:00")) - datetime.fromisoformat(meeting["start"].replace("Z", "+00:00"))
new_end = new_start + length
cal.call("PATCH", f"/events/{meeting['id']}", {"start": new_start.isoformat(), "end": new_end.isoformat()})
for guest in meeting["attendees"]:
    name = guest.get("display_name") or "there"
    mail.call("POST", "/messages/send", {
        "to": [guest["email"]],
        "subject": f"New time for {meeting['title']}: {new_start:%H:%M}",
        "body": f"Hi {name.split()[0]},\n\nMy flight is delayed, so I have moved {meeting['title']} "
                f"to {new_start:%A %d %B}, starting at {new_start:%H:%M} London time (ends "
                f"{new_end:%H:%M}, still at {meeting['location']}).\n\nBest,\nAlice"})
print("moved", meeting["id"], new_start, new_end)
PY
