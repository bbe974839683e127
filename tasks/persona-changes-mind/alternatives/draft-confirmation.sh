#!/bin/bash
# alternative (other order and operations): asks Tom with a new mail, confirms each time with a
# draft sent from the drafts folder, and on his change of plan first answers him ("moving it now")
# and only then moves the event with the calendar's PATCH.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")


def newest_from_tom() -> str:
    found = mail.call("GET", "/messages?folder=inbox&from=tom@example.test&sort=newest")["items"][0]
    return mail.call("GET", f"/messages/{found['id']}")["body"]


def draft_and_send(body: str) -> str:
    draft = mail.call("POST", "/drafts", {"to": ["tom@example.test"], "subject": "Q2 budget", "body": body})
    mail.call("POST", f"/drafts/{draft['id']}/send")
    return newest_from_tom()


def slot(text: str) -> tuple[str, str, str]:
    day, month, at = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text).groups()
    assert month == "March", month
    return f"2026-03-{int(day):02d}", at, f"{day} {month} at {at}"


mail.call("POST", "/messages/send", {"to": ["tom@example.test"], "subject": "Q2 budget call",
                                     "body": "Hi Tom, which time works for you this week? Alice"})
day, at, said = slot(newest_from_tom())
end = f"{int(at[:2]) + (int(at[3:]) + 30) // 60:02d}:{(int(at[3:]) + 30) % 60:02d}"
event = cal.call("POST", "/events", {"title": "Q2 budget review", "start": f"{day}T{at}:00-04:00",
                                     "end": f"{day}T{end}:00-04:00", "attendees": [{"email": "tom@example.test"}]})
reply = draft_and_send(f"Hi Tom, it's in the calendar: {said}. Alice")
day, at, said = slot(reply)
draft_and_send(f"No problem Tom, moving it to Friday {said}. Alice")
end = f"{int(at[:2]) + (int(at[3:]) + 30) // 60:02d}:{(int(at[3:]) + 30) % 60:02d}"
cal.call("PATCH", f"/events/{event['id']}", {"start": f"{day}T{at}:00-04:00", "end": f"{day}T{end}:00-04:00"})
print("moved to", day, at)
PY
