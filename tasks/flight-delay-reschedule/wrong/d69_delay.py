"""The reference move of the workshop after the delay, with the free text beside it chosen."""

import re
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
SUBJECT = "Moved: {title} now at {start:%H:%M}"
BODY = (
    "Hello,\n\nMy flight is delayed, so {title} moves to {start:%A %d %B} at {start:%H:%M} "
    "(London time), same place and length.\n\nAlice"
)


def move(subject: str = SUBJECT, body: str = BODY, description: str | None = None) -> None:
    """Move the meeting to new landing + 2 h and mail its guests; every text is a format string
    over `title`, `start`, `end` (new local times) and `old` (old local start)."""
    notice = mail.call("GET", "/messages?folder=inbox&q=delayed&sort=newest")["items"][0]
    text = mail.call("GET", f"/messages/{notice['id']}")["body"]
    new_arrival = re.search(r"New estimated arrival: (\d\d:\d\d)", text)[1]
    events = cal.call("GET", "/events?per_page=100")["items"]
    meeting = min((e for e in events if e["attendees"]), key=lambda e: e["start"])
    old = datetime.fromisoformat(meeting["start_local"])
    length = datetime.fromisoformat(meeting["end_local"]) - old
    arrival = datetime.combine(old.date(), datetime.strptime(new_arrival, "%H:%M").time())
    start = arrival + timedelta(hours=2)
    facts = {"title": meeting["title"], "start": start, "end": start + length, "old": old}
    change = {"start": start.strftime("%Y-%m-%dT%H:%M:%S")}
    if description is not None:
        change["description"] = description.format(**facts)
    cal.call("PATCH", f"/events/{meeting['id']}", change)
    mail.call(
        "POST",
        "/messages/send",
        {
            "to": [a["email"] for a in meeting["attendees"]],
            "subject": subject.format(**facts),
            "body": body.format(**facts),
        },
    )
