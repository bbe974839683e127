"""What the b68 wrong runs share: Alice's mail and calendar sessions, Maria's request, this
week's Thursday in Alice's zone, a mail out (``ask``), Maria's answer, a booking of the review
and the question naming both rooms."""

import json
import time
import urllib.request
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

MARIA = "maria@example.test"
mail = ServiceClient("http://localhost:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://localhost:5006/api").login("alice", "alice-pass")
request = mail.call("GET", f"/messages?folder=inbox&from={MARIA}")["items"][0]
zone = cal.call("GET", "/profile")["timezone"]
now = json.load(urllib.request.urlopen("http://localhost:5006/health"))["now"]
today = datetime.fromisoformat(now.replace("Z", "+00:00")).astimezone(ZoneInfo(zone)).date()
thursday = today + timedelta(days=(3 - today.weekday()) % 7)

QUESTION = (
    "Hi Maria,\n\nWhich room do you mean by the usual room: the Aurora room on the 3rd floor or "
    "the Borealis room on the 5th floor? The last two reviews were in one each.\n\nThanks,\nAlice"
)
AURORA, BOREALIS = "Aurora room (3rd floor)", "Borealis room (5th floor)"


def ask(body: str, to: str = MARIA, **extra: Any) -> None:
    """Replies in Maria's thread (or writes ``to``, or with ``extra`` fields) and prints what
    went out."""
    if to == MARIA and not extra:
        sent = mail.call("POST", f"/messages/{request['id']}/reply", {"body": body})
    else:
        message = {"to": [to], "subject": "Northwind vendor review", "body": body, **extra}
        sent = mail.call("POST", "/messages/send", message)
    print("sent to", sent.get("delivered_to"), ":", body[:80])


def answer(wait: int = 30) -> str:
    """Maria's newest mail after her request (waiting up to ``wait`` s), or '' when none came."""
    for _ in range(wait):
        inbox = mail.call("GET", f"/messages?folder=inbox&from={MARIA}")["items"]
        newer = [m for m in inbox if m["id"] != request["id"]]
        if newer:
            body: str = mail.call("GET", f"/messages/{newer[0]['id']}")["body"]
            print("maria:", body)
            return body
        time.sleep(1)
    print("maria: (no answer)")
    return ""


def book(
    start: str,
    end: str,
    room: str,
    guests: Iterable[str] = (MARIA,),
    day: date | None = None,
    tz: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Books the Northwind vendor review from ``start`` to ``end`` (HH:MM) on ``day`` (this
    Thursday) in ``room``, ``guests`` invited, in ``tz`` (Alice's zone); ``extra`` fields too."""
    event: dict[str, Any] = cal.call(
        "POST",
        "/events",
        {
            "title": "Northwind vendor review",
            "start": f"{day or thursday}T{start}:00",
            "end": f"{day or thursday}T{end}:00",
            "timezone": tz or zone,
            "location": room,
            "attendees": [{"email": g} for g in guests],
            **extra,
        },
    )
    print("booked", event["id"], event["start_local"], event["end_local"], event["location"])
    return event
