#!/bin/bash
# why right: the whole exchange through the services' MCP tools (reply, get_thread, create_event, delete_event), reading Tom's answers from the conversation; when he changes his mind the Thursday call is cancelled and a new one booked on Friday 11:00 (cancel and re-create instead of moving), and each time is confirmed to him in his thread.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.client import McpClient

TOM = "tom@example.test"
mail = McpClient("http://127.0.0.1:5001/mcp").login("alice", "alice-pass")
cal = McpClient("http://127.0.0.1:5006/mcp").login("alice", "alice-pass")
zone = cal.call("get_profile")["timezone"]

WHEN = re.compile(
    r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) (\d{1,2}) "
    r"(January|February|March|April|May|June|July|August|September|October|November|December) "
    r"at (\d{1,2}):(\d\d)"
)


def listed(answer):
    """The list inside a tool's answer, whatever it is called."""
    if isinstance(answer, list):
        return answer
    for key in ("items", "messages", "result"):
        if isinstance(answer.get(key), list):
            return answer[key]
    raise RuntimeError(f"no list in {answer!r:.300}")


def toms_newest(thread_id):
    """Tom's newest mail in the conversation, read whole."""
    mine = [m for m in listed(mail.call("get_thread", thread_id=thread_id)) if m["from_address"] == TOM]
    return mail.call("get_message", message_id=mine[-1]["id"])


def proposed(message):
    found = WHEN.search(message["body"])
    if not found:
        return None
    year = int(message["date"][:4])
    return datetime.strptime(f"{found[2]} {found[3]} {year} {found[4]}:{found[5]}", "%d %B %Y %H:%M")


def book(when):
    return cal.call(
        "create_event", title="Q2 budget review", timezone=zone, attendees=[{"email": TOM}],
        start=f"{when:%Y-%m-%dT%H:%M:00}", end=f"{when + timedelta(minutes=30):%Y-%m-%dT%H:%M:00}",
    )


inbox = listed(mail.call("list_messages", folder="inbox", sort="newest", **{"from": TOM}))
request = next(m for m in inbox if "Q2 budget" in m["subject"])
thread = request["thread_id"]
mail.call("reply", message_id=request["id"], body=(
    "Hi Tom,\n\nHappy to go through the Q2 budget with you. When are you free this week for "
    "half an hour?\n\nAlice"))

answer = toms_newest(thread)
when = proposed(answer)
assert when, f"Tom named no time: {answer['body']}"
event = book(when)
mail.call("reply", message_id=answer["id"], body=(
    f"Hi Tom,\n\nBooked: \"Q2 budget review\" on {when:%A} {when.day} {when:%B}, "
    f"{when:%H:%M}-{when + timedelta(minutes=30):%H:%M} New York time. The invitation is in your "
    "calendar.\n\nAlice"))

while True:
    answer = toms_newest(thread)
    print("Tom:", answer["body"])
    new = proposed(answer)
    if not new or new == when:
        break
    cal.call("delete_event", event_id=event["id"])
    event = book(new)
    mail.call("reply", message_id=answer["id"], body=(
        f"Hi Tom,\n\nNo problem, safe travels. I've cancelled the {when:%A} slot and booked the Q2 "
        f"budget review for {new:%A} {new.day} {new:%B}, {new:%H:%M}-"
        f"{new + timedelta(minutes=30):%H:%M} instead; a fresh invitation is on its way.\n\nAlice"))
    when = new
print("booked", event["id"], event.get("start_local"))
PY
