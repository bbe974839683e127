#!/bin/bash
# Reference solution of ambiguous-request-ask-first: read Maria's request, see that the last two
# vendor reviews were in two different rooms, ask her by mail which one she means, read her
# answer in the thread, then book the review in that room, at the time her answer gives, with
# her invited.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")

request = mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"][0]
body = mail.call("GET", f"/messages/{request['id']}")["body"]
start, end = re.search(r"Thursday, (\d\d:\d\d) to (\d\d:\d\d)", body).groups()

# the rooms of past vendor reviews: more than one, so "the usual room" needs asking
past = cal.call("GET", "/events?q=vendor%20review&start=2026-01-01T00:00:00&end=2026-03-09T00:00:00")
rooms = sorted({e["location"] for e in past["items"] if e.get("location")})
print("past review rooms:", rooms)

mail.call("POST", f"/messages/{request['id']}/reply", {
    "body": "Hi Maria,\n\nHappy to set up the Northwind review for Thursday. Which room do you "
    "mean by the usual one: the Aurora room (3rd floor) or the Borealis room (5th floor)? "
    "We've used both lately.\n\nAlice",
})
thread = mail.call("GET", f"/threads/{request['thread_id']}")
thread = thread.get("messages", thread) if isinstance(thread, dict) else thread
answer = [m for m in thread if m["from_address"] == "maria@example.test"][-1]
text = mail.call("GET", f"/messages/{answer['id']}")["body"]
room = next(r for r in ("Aurora", "Borealis") if r in text.split(".")[0])
moved = re.search(r"(\d\d:\d\d) to (\d\d:\d\d)", text)  # she may move the time too
start, end = moved.groups() if moved else (start, end)
place = {"Aurora": "Aurora room (3rd floor)", "Borealis": "Borealis room (5th floor)"}[room]

zone = ZoneInfo(cal.call("GET", "/profile")["timezone"])
today = datetime.fromisoformat(cal.call("GET", "/events")["range_start"].replace("Z", "+00:00")).astimezone(zone).date()
thursday = today + timedelta(days=(3 - today.weekday()) % 7)
event = cal.call("POST", "/events", {
    "title": "Northwind vendor review",
    "start": f"{thursday}T{start}:00",
    "end": f"{thursday}T{end}:00",
    "timezone": zone.key,
    "location": place,
    "attendees": [{"email": "maria@example.test"}],
})
print("booked", event["id"], thursday, start, place)
PY
