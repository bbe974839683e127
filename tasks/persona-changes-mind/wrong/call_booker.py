"""What the wrong solutions of persona-changes-mind share: Alice's sessions on the mail and the
calendar, a mail to Tom and the newest answer he gives, the call booked or moved (30 minutes,
New York time, Tom invited), and the blind testers' run (stop 48) that follows Tom in his
thread and words only its last mail wrong."""

import re
from datetime import datetime

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
TOM = "tom@example.test"
THURSDAY, FRIDAY = "2026-03-12T15:00", "2026-03-13T11:00"  # Tom's first answer, his last word
TIMES = {
    "2026-03-12T15:00": "Thursday 12 March at 15:00",
    "2026-03-13T11:00": "Friday 13 March at 11:00",
}


def tell(body: str, **extra) -> str:
    """Mail Tom; his newest answer in Alice's inbox ('' if none)."""
    mail.call(
        "POST", "/messages/send", {"to": [TOM], "subject": "Q2 budget call", "body": body, **extra}
    )
    found = mail.call("GET", f"/messages?folder=inbox&from={TOM}&sort=newest")["items"]
    return mail.call("GET", f"/messages/{found[0]['id']}")["body"]


def ask() -> str:
    return tell("Hi Tom, what time suits you this week for a 30-minute call on the Q2 budget?")


def confirm(start: str) -> str:
    return tell(f"Hi Tom, the Q2 budget review is in the calendar for {TIMES[start]}. Alice")


def times_of(start: str, minutes: int = 30) -> dict:
    hour, minute = int(start[11:13]), int(start[14:16]) + minutes
    end = f"{start[:11]}{hour + minute // 60:02d}:{minute % 60:02d}"
    return {"start": f"{start}:00", "end": f"{end}:00", "timezone": "America/New_York"}


def book(
    start: str, *, minutes: int = 30, attendees=({"email": TOM},), title="Q2 budget review"
) -> dict:
    return cal.call(
        "POST",
        "/events",
        {"title": title, "attendees": list(attendees), **times_of(start, minutes)},
    )


def move(event: dict, start: str) -> dict:
    return cal.call("PATCH", f"/events/{event['id']}", times_of(start))


def newest_from_tom() -> dict:
    """Tom's newest mail in Alice's inbox, whole."""
    found = mail.call("GET", f"/messages?folder=inbox&from={TOM}&sort=newest")["items"]
    return mail.call("GET", f"/messages/{found[0]['id']}")


def start_named(text: str) -> str:
    """The start a mail names ("Thursday 12 March at 15:00" -> "2026-03-12T15:00")."""
    found = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text)
    assert found, f"no time named in {text!r}"
    when = datetime.strptime(f"{found[1]} {found[2]} 2026 {found[3]}", "%d %B %Y %H:%M")
    return f"{when:%Y-%m-%dT%H:%M}"


def reply(message: dict, body: str) -> dict:
    return mail.call("POST", f"/messages/{message['id']}/reply", {"body": body})


def follow_in_thread(last_word: str) -> str:
    """Asks Tom in his thread, books the time he names and confirms it there, moves the call to
    the time of his next mail and answers that mail with ``last_word``; Tom's newest mail."""
    reply(
        newest_from_tom(),
        "Hi Tom,\n\nSure. What time suits you this week for a 30-minute call?\n\nAlice",
    )
    first = newest_from_tom()
    start = start_named(first["body"])
    event = book(start)
    when = datetime.fromisoformat(start)
    reply(
        first,
        f"Hi Tom,\n\nDone: the Q2 budget review is in the calendar for {when:%A %-d %B} at "
        f"{when:%H:%M}, 30 minutes. You should have the invitation.\n\nAlice",
    )
    second = newest_from_tom()
    move(event, start_named(second["body"]))
    reply(second, last_word)
    return newest_from_tom()["body"]


def follow_or_guess(said: str) -> None:
    """Books the time Tom's answer ``said`` names and confirms it, then moves the call to his
    last word and confirms that; without a time named, books his last word (a lucky guess)."""
    start = start_named(said) if "March at" in said else FRIDAY
    event = book(start)
    confirm(start)
    if start != FRIDAY:
        move(event, FRIDAY)
        confirm(FRIDAY)
