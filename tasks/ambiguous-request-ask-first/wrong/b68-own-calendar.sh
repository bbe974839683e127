#!/bin/bash
# wrong (right event, wrong place): asks, creates a new 'Vendor reviews' calendar and books the right event there instead of Alice's own calendar.
set -euo pipefail
python3 - <<'PY'
import json
import time
import urllib.request
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

mail = ServiceClient("http://localhost:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://localhost:5006/api").login("alice", "alice-pass")
request = mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"][0]
zone = cal.call("GET", "/profile")["timezone"]
now = json.load(urllib.request.urlopen("http://localhost:5006/health"))["now"]
today = datetime.fromisoformat(now.replace("Z", "+00:00")).astimezone(ZoneInfo(zone)).date()
thursday = today + timedelta(days=(3 - today.weekday()) % 7)


def ask(body: str, to: str = "maria@example.test", **extra) -> None:
    """Replies in Maria's thread (or writes ``to``) and prints what went out."""
    if to == "maria@example.test" and not extra:
        sent = mail.call("POST", f"/messages/{request['id']}/reply", {"body": body})
    else:
        sent = mail.call("POST", "/messages/send", {"to": [to], "subject": "Northwind vendor review",
                                                   "body": body, **extra})
    print("sent to", sent.get("delivered_to"), ":", body[:80])


def answer(wait: int = 30) -> str:
    """Maria's newest mail after her request, or '' when none came."""
    for _ in range(wait):
        newer = [m for m in mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"]
                 if m["id"] != request["id"]]
        if newer:
            body = mail.call("GET", f"/messages/{newer[0]['id']}")["body"]
            print("maria:", body)
            return body
        time.sleep(1)
    print("maria: (no answer)")
    return ""


def book(start: str, end: str, room: str, guests=("maria@example.test",), day=None, tz=None) -> dict:
    event = cal.call("POST", "/events", {
        "title": "Northwind vendor review", "start": f"{day or thursday}T{start}:00",
        "end": f"{day or thursday}T{end}:00", "timezone": tz or zone, "location": room,
        "attendees": [{"email": g} for g in guests]})
    print("booked", event["id"], event["start_local"], event["end_local"], event["location"])
    return event


QUESTION = ("Hi Maria,\n\nWhich room do you mean by the usual room: the Aurora room on the 3rd floor or "
            "the Borealis room on the 5th floor? The last two reviews were in one each.\n\nThanks,\nAlice")
AURORA, BOREALIS = "Aurora room (3rd floor)", "Borealis room (5th floor)"

ask(QUESTION)
said = answer()
new = cal.call("POST", "/calendars", {"name": "Vendor reviews"})
event = cal.call("POST", "/events", {
    "title": "Northwind vendor review", "calendar_id": new["id"], "start": f"{thursday}T10:30:00",
    "end": f"{thursday}T11:30:00", "timezone": zone, "location": AURORA,
    "attendees": [{"email": "maria@example.test"}]})
print("booked", event["id"], "on calendar", new["id"])
PY
