"""The reference run of the task (ask Dana by mail, wait for her answer and its correction,
book "Northwind renewal call" at the time she asked for last, with her as the guest), with the
free text given by the caller: the question's subject and body, the event's description and
location, and an optional reply to her newest mail after booking. Texts may name the booked
time as ``{when}``."""

import re
import time
from urllib.parse import urlencode

from mock_services.client import ServiceClient

DANA = "dana.whitfield@northwind.example"
ASK = (
    "Hi Dana,\n\nI'd like to set up a 30-minute call with you on Thursday (March 12) about the "
    "Northwind renewal. What time on Thursday suits you best?\n\nThanks,\nAlice"
)
TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*([ap])\.?m", re.I)


def _her_mails(mail: ServiceClient) -> list[dict]:
    query = urlencode({"folder": "inbox", "from": DANA, "sort": "oldest"})
    return mail.call("GET", f"/messages?{query}")["items"]


def _latest_time(mail: ServiceClient) -> tuple[int, int, int] | None:
    """The time in the newest of her mails that names one, each opened in full (oldest first),
    with that mail's id."""
    said = None
    for item in _her_mails(mail):
        found = TIME.findall(mail.call("GET", f"/messages/{item['id']}")["body"])
        if found:
            hour, minute, half = found[-1]
            said = (int(hour) % 12 + (12 if half.lower() == "p" else 0), int(minute), item["id"])
    return said


def run(
    *,
    subject: str = "Call on Thursday",
    ask: str = ASK,
    description: str = "",
    location: str = "",
    confirm: str | None = None,
) -> None:
    """Ask, wait for her last word, book the call and, given ``confirm``, reply to her with it."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
    mail.call("POST", "/messages/send", {"to": [DANA], "subject": subject, "body": ask})
    for _ in range(60):  # her answer comes by mail; wait for it
        if _her_mails(mail):
            break
        time.sleep(1)
    seen, said = -1, None
    while len(_her_mails(mail)) != seen:  # read until no new mail of hers arrives while reading
        seen = len(_her_mails(mail))
        said = _latest_time(mail)
        time.sleep(1)
    assert said, "Dana named no time"
    hour, minute, newest = said
    end = hour * 60 + minute + 30
    when = f"Thursday 12 March at {(hour - 1) % 12 + 1}:{minute:02d} {'pm' if hour >= 12 else 'am'}"
    event = {
        "title": "Northwind renewal call",
        "start": f"2026-03-12T{hour:02d}:{minute:02d}:00",
        "end": f"2026-03-12T{end // 60:02d}:{end % 60:02d}:00",
        "timezone": "America/New_York",
        "attendees": [{"email": DANA}],
    }
    if description:
        event["description"] = description.format(when=when)
    if location:
        event["location"] = location.format(when=when)
    cal.call("POST", "/events", event)
    if confirm is not None:
        mail.call("POST", f"/messages/{newest}/reply", {"body": confirm.format(when=when)})
    print("booked", when)
