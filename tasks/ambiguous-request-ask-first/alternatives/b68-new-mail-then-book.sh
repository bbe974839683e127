#!/bin/bash
# alternative (REST, a new mail instead of a reply): writes Maria a fresh mail (not a reply in her thread) asking which room "the usual room" is, since the last two reviews were in Aurora and then Borealis; waits for her answer, and books Thursday's review with the room and times her answer gives, in New York time, with her invited.
set -euo pipefail
python3 - <<'PY'
import json
import re
import time
import urllib.request
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

mail = ServiceClient("http://localhost:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://localhost:5006/api").login("alice", "alice-pass")
request = mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"][0]
print("request:", request["subject"], request["date"])
sent = mail.call("POST", "/messages/send", {
    "to": ["maria@example.test"],
    "subject": "Which room for Thursday's Northwind review?",
    "body": "Hi Maria,\n\nHappy to set up the Northwind vendor review for Thursday. Which room do you "
            "want: the Aurora room on the 3rd floor or the Borealis room on the 5th floor? We held the "
            "last two reviews in one each, so I am not sure which is the usual one.\n\nThanks,\nAlice",
})
answer = None
for _ in range(60):
    replies = [m for m in mail.call("GET", "/messages?folder=inbox&from=maria@example.test&sort=newest")["items"]
               if m["id"] != request["id"]]
    if replies:
        answer = mail.call("GET", f"/messages/{replies[0]['id']}")
        break
    time.sleep(1)
if answer is None:
    raise SystemExit("Maria did not answer")
print("answer:", answer["body"])
room = "Aurora room (3rd floor)" if "Aurora" in answer["body"].split("not Borealis")[0] else "Borealis room (5th floor)"
start, end = "10:00", "11:00"
times = re.search(r"(\d{1,2}:\d\d) to (\d{1,2}:\d\d)", answer["body"])
if times:
    start, end = times.groups()
profile = cal.call("GET", "/profile")
now = json.load(urllib.request.urlopen("http://localhost:5006/health"))["now"]
today = datetime.fromisoformat(now.replace("Z", "+00:00")).astimezone(ZoneInfo(profile["timezone"])).date()
thursday = today + timedelta(days=(3 - today.weekday()) % 7)
event = cal.call("POST", "/events", {
    "title": "Northwind vendor review",
    "start": f"{thursday}T{start}:00", "end": f"{thursday}T{end}:00",
    "timezone": profile["timezone"], "location": room,
    "attendees": [{"email": "maria@example.test"}],
})
print("booked", event["id"], event["start_local"], event["end_local"], event["location"])
PY
