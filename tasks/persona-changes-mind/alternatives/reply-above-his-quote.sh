#!/bin/bash
# alternative (the web UI's habit over the API): follows Tom in his thread and answers each of
# his mails above his own mail quoted ("quote": true), as a reply form fills it in; the quoted
# times are his, the confirmation above them is Alice's
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")


def newest_from_tom() -> dict:
    found = mail.call("GET", "/messages?folder=inbox&from=tom@example.test&sort=newest")["items"]
    return mail.call("GET", f"/messages/{found[0]['id']}")


def answer(message: dict, words: str) -> dict:
    body = f"Hi Tom,\n\n{words}\n\nAlice"
    mail.call("POST", f"/messages/{message['id']}/reply", {"body": body, "quote": True})
    return newest_from_tom()


def start_named(text: str) -> datetime:
    day, month, at = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text).groups()
    return datetime.strptime(f"{day} {month} 2026 {at}", "%d %B %Y %H:%M")


def times(start: datetime) -> dict:
    end = start + timedelta(minutes=30)
    return {"start": f"{start:%Y-%m-%dT%H:%M:%S}", "end": f"{end:%Y-%m-%dT%H:%M:%S}",
            "timezone": "America/New_York"}


first = answer(newest_from_tom(), "Sure. What time suits you this week for a 30-minute call?")
start = start_named(first["body"])
event = cal.call("POST", "/events", {"title": "Q2 budget review",
                                     "attendees": [{"email": "tom@example.test"}], **times(start)})
second = answer(first, f"Booked for {start:%A %-d %B} at {start:%H:%M}, 30 minutes.")
start = start_named(second["body"])
cal.call("PATCH", f"/events/{event['id']}", times(start))
answer(second, f"No problem: moved to {start:%A %-d %B} at {start:%H:%M}.")
PY
