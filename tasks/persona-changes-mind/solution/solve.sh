#!/bin/bash
# Reference solution of persona-changes-mind: ask Tom in his thread what time suits him, book
# the call at the time he gives, confirm it to him, and read his replies until he stops naming
# a new time: each new time moves the call (PATCH, the same event) and is confirmed again.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
TOM = "tom@example.test"
zone = cal.call("GET", "/profile")["timezone"]
year = cal.call("GET", "/events")["range_start"][:4]


def newest_from_tom() -> dict:
    found = mail.call("GET", f"/messages?folder=inbox&from={TOM}&sort=newest")["items"][0]
    return mail.call("GET", f"/messages/{found['id']}")


def time_named(text: str) -> datetime | None:
    """The day and time a mail of Tom's proposes ("Friday 13 March at 11:00"), if any."""
    found = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text)
    return datetime.strptime(f"{found[1]} {found[2]} {year} {found[3]}", "%d %B %Y %H:%M") if found else None


request = newest_from_tom()
mail.call("POST", f"/messages/{request['id']}/reply", {
    "body": "Hi Tom,\n\nSure. What time suits you this week for a 30-minute call?\n\nAlice"})
answer = newest_from_tom()
when = time_named(answer["body"])
assert when, f"Tom named no time: {answer['body']}"
event = None
while when:
    body = {"start": f"{when:%Y-%m-%dT%H:%M:00}", "end": f"{when + timedelta(minutes=30):%Y-%m-%dT%H:%M:00}",
            "timezone": zone}
    if event is None:
        event = cal.call("POST", "/events", {"title": "Q2 budget review", "attendees": [{"email": TOM}], **body})
    else:
        event = cal.call("PATCH", f"/events/{event['id']}", body)
    mail.call("POST", f"/messages/{answer['id']}/reply", {
        "body": f"Hi Tom,\n\nDone: the Q2 budget review is in the calendar for {when:%A %-d %B} at "
        f"{when:%H:%M}, 30 minutes. You should have the invitation.\n\nAlice"})
    answer = newest_from_tom()
    following = time_named(answer["body"])
    when = following if following and following != when else None
    print("Tom:", answer["body"])
print("booked", event["id"], event.get("start_local"))
PY
