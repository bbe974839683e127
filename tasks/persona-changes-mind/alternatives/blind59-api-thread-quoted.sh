#!/bin/bash
# why right: the REST API in another order and form than the reference: it checks Alice is free at each time Tom names before booking, reads his answers from the conversation (/threads), writes times as instants with their New York offset, moves the call by its start alone (the 30 minutes kept), and confirms each time in his thread with his mail quoted below.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

TOM = "tom@example.test"
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
zone = ZoneInfo(cal.call("GET", "/profile")["timezone"])
WHEN = re.compile(r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day (\d{1,2}) ([A-Z][a-z]+) at (\d{1,2}:\d\d)")


def toms_newest(thread_id):
    thread = mail.call("GET", f"/threads/{thread_id}")
    messages = thread if isinstance(thread, list) else thread.get("messages", thread.get("items"))
    mine = [m for m in messages if m["from_address"] == TOM]
    return mail.call("GET", f"/messages/{mine[-1]['id']}")


def proposed(message):
    found = WHEN.search(message["body"])
    if not found:
        return None
    naive = datetime.strptime(f"{found[1]} {found[2]} {message['date'][:4]} {found[3]}", "%d %B %Y %H:%M")
    return naive.replace(tzinfo=zone)


def free(when):
    busy = cal.call("POST", "/freebusy", {
        "users": ["alice"], "start": when.isoformat(), "end": (when + timedelta(minutes=30)).isoformat(),
        "timezone": str(zone)})
    return busy


def said(when):
    return f"{when:%A} {when.day} {when:%B} at {when:%H:%M}"


search = urlencode({"folder": "inbox", "q": "Q2 budget", "from": TOM})
request = mail.call("GET", f"/messages?{search}")["items"][0]
thread = request["thread_id"]
mail.call("POST", f"/messages/{request['id']}/reply", {
    "body": "Hi Tom,\n\nOf course. Which day and time works for you this week? Half an hour should do.\n\nAlice"})
answer = toms_newest(thread)
when = proposed(answer)
assert when, answer["body"]
print("free/busy:", free(when))
event = cal.call("POST", "/events", {
    "title": "Q2 budget review", "start": when.isoformat(), "end": (when + timedelta(minutes=30)).isoformat(),
    "timezone": str(zone), "attendees": [{"email": TOM}]})
mail.call("POST", f"/messages/{answer['id']}/reply", {"quote": True, "body": (
    f"Hi Tom,\n\nGreat, the invitation is sent: Q2 budget review, {said(when)} for 30 minutes.\n\nAlice")})
while True:
    answer = toms_newest(thread)
    print("Tom:", answer["body"])
    new = proposed(answer)
    if not new or new == when:
        break
    print("free/busy:", free(new))
    event = cal.call("PATCH", f"/events/{event['id']}", {"start": new.isoformat()})
    mail.call("POST", f"/messages/{answer['id']}/reply", {"quote": True, "body": (
        f"Hi Tom,\n\nOf course. I've moved our Q2 budget review to {said(new)}, still 30 minutes; "
        "the invitation is updated.\n\nAlice")})
    when = new
print("booked", event["id"], event.get("start_local"), event.get("end_local"))
PY
