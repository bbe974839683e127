"""The reference booking of Tom's budget call, with the free text beside it chosen by the caller."""

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
TOM = "tom@example.test"
zone = cal.call("GET", "/profile")["timezone"]
year = cal.call("GET", "/events")["range_start"][:4]
Text = Callable[[datetime], str]


def _newest_from_tom() -> dict:
    found = mail.call("GET", f"/messages?folder=inbox&from={TOM}&sort=newest")["items"][0]
    return mail.call("GET", f"/messages/{found['id']}")


def _time_named(text: str) -> datetime | None:
    found = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text)
    if not found:
        return None
    return datetime.strptime(f"{found[1]} {found[2]} {year} {found[3]}", "%d %B %Y %H:%M")


def book(
    description: Text | None = None,
    location: Text | None = None,
    refresh: bool = True,
    confirm_tail: Text | None = None,
) -> None:
    """Ask, book, confirm and follow Tom's change of mind; `refresh=False` sets the event's
    description and location only when it is created, so they keep the first time."""
    request = _newest_from_tom()
    mail.call(
        "POST",
        f"/messages/{request['id']}/reply",
        {"body": "Hi Tom,\n\nSure. What time suits you this week for a 30-minute call?\n\nAlice"},
    )
    answer = _newest_from_tom()
    when = _time_named(answer["body"])
    assert when, f"Tom named no time: {answer['body']}"
    event = None
    while when:
        body = {
            "start": f"{when:%Y-%m-%dT%H:%M:00}",
            "end": f"{when + timedelta(minutes=30):%Y-%m-%dT%H:%M:00}",
            "timezone": zone,
        }
        if event is None or refresh:
            if description:
                body["description"] = description(when)
            if location:
                body["location"] = location(when)
        if event is None:
            event = cal.call(
                "POST",
                "/events",
                {"title": "Q2 budget review", "attendees": [{"email": TOM}], **body},
            )
        else:
            event = cal.call("PATCH", f"/events/{event['id']}", body)
        tail = f"\n\n{confirm_tail(when)}" if confirm_tail else ""
        mail.call(
            "POST",
            f"/messages/{answer['id']}/reply",
            {
                "body": f"Hi Tom,\n\nDone: the Q2 budget review is in the calendar for "
                f"{when:%A %-d %B} at {when:%H:%M}, 30 minutes. You should have the invitation."
                f"{tail}\n\nAlice"
            },
        )
        answer = _newest_from_tom()
        following = _time_named(answer["body"])
        when = following if following and following != when else None
