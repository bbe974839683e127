#!/bin/bash
# alternative (REST, the reason kept): replies in Maria's thread asking which room she means, waits for her answer, and books the review as she answers with her reason in the event's description (Aurora for its big screen, not Borealis this time; 10:30 for Priya's train).
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
mail.call("POST", f"/messages/{request['id']}/reply", {"body": (
    "Hi Maria,\n\nBefore I book it: by the usual room, do you mean the Aurora room (3rd floor) or the "
    "Borealis room (5th floor)?\n\nAlice")})
said = ""
for _ in range(30):
    newer = [m for m in mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"]
             if m["id"] != request["id"]]
    if newer:
        said = mail.call("GET", f"/messages/{newer[0]['id']}")["body"]
        break
    time.sleep(1)
print("maria:", said)
room = "Aurora room (3rd floor)" if said.startswith("The Aurora") else "Borealis room (5th floor)"
start, end = re.search(r"(\d{1,2}:\d\d) to (\d{1,2}:\d\d)", said).groups()
zone = cal.call("GET", "/profile")["timezone"]
now = json.load(urllib.request.urlopen("http://localhost:5006/health"))["now"]
today = datetime.fromisoformat(now.replace("Z", "+00:00")).astimezone(ZoneInfo(zone)).date()
thursday = today + timedelta(days=(3 - today.weekday()) % 7)
event = cal.call("POST", "/events", {
    "title": "Northwind vendor review", "start": f"{thursday}T{start}:00", "end": f"{thursday}T{end}:00",
    "timezone": zone, "location": room, "attendees": [{"email": "maria@example.test"}],
    "description": f"With Priya from Northwind, in person. Maria's choice: {said}"})
print("booked", event["id"], event["start_local"], event["end_local"], event["location"])
PY
