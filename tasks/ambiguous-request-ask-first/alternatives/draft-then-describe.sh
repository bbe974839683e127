#!/bin/bash
# alternative (other order and operations): the question is written as a draft in Maria's
# thread and sent from it; the review is created in the room she names with only "Aurora"-style
# short place text, then updated with a description of the agenda.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
request = mail.call("GET", "/messages?q=usual%20room")["items"][0]
draft = mail.call("POST", "/drafts", {"to": ["maria@example.test"], "subject": "Re: " + request["subject"],
                                      "body": "Hi Maria, where should we meet on Thursday: Aurora or Borealis? Alice"})
mail.call("POST", f"/drafts/{draft['id']}/send")
replies = mail.call("GET", "/messages?folder=inbox&from=maria@example.test&sort=newest")["items"]
answer = mail.call("GET", f"/messages/{replies[0]['id']}")["body"]
room = "Aurora" if answer.index("Aurora") < answer.find("Borealis") % 10**6 else "Borealis"
start, end = re.search(r"(\d\d:\d\d) to (\d\d:\d\d)", answer).groups()
event = cal.call("POST", "/events", {"title": "Northwind vendor review", "start": f"2026-03-12T{start}:00-04:00",
                                     "end": f"2026-03-12T{end}:00-04:00", "location": room,
                                     "attendees": [{"email": "maria@example.test"}]})
cal.call("PATCH", f"/events/{event['id']}", {"description": "Northwind demo and supplier terms."})
print("booked in", room)
PY
