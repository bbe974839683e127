"""The reference booking of the Northwind call, free text beside it chosen by the caller."""

import re
import time
from urllib.parse import urlencode

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
DANA = "dana.whitfield@northwind.example"
ASK = (
    "Hi Dana,\n\nI'd like to set up a 30-minute call with you on Thursday (March 12) "
    "about the Northwind renewal. What time on Thursday suits you best?\n\nThanks,\nAlice"
)


def _her_mails() -> list[dict]:
    query = urlencode({"folder": "inbox", "from": DANA, "sort": "oldest"})
    return mail.call("GET", f"/messages?{query}")["items"]


def _latest_time() -> tuple[int, int] | None:
    said = None
    for item in _her_mails():
        body = mail.call("GET", f"/messages/{item['id']}")["body"]
        found = re.findall(r"\b(\d{1,2}):(\d{2})\s*([ap])\.?m", body, re.I)
        if found:
            hour, minute, half = found[-1]
            said = (int(hour) % 12 + (12 if half.lower() == "p" else 0), int(minute))
    return said


def book(
    ask: str = ASK,
    description: str | None = None,
    location: str | None = None,
    confirm: str | None = None,
) -> None:
    """Ask Dana, wait for her last answer, book it; `confirm` is an extra mail to her after."""
    mail.call("POST", "/messages/send", {"to": [DANA], "subject": "Call on Thursday", "body": ask})
    for _ in range(60):
        if _her_mails():
            break
        time.sleep(1)
    seen, said = -1, None
    while len(_her_mails()) != seen:
        seen = len(_her_mails())
        said = _latest_time()
        time.sleep(1)
    assert said, "Dana never gave a time"
    hour, minute = said
    end = hour * 60 + minute + 30
    body = {
        "title": "Northwind renewal call",
        "start": f"2026-03-12T{hour:02d}:{minute:02d}:00",
        "end": f"2026-03-12T{end // 60:02d}:{end % 60:02d}:00",
        "timezone": "America/New_York",
        "attendees": [{"email": DANA}],
    }
    if description is not None:
        body["description"] = description
    if location is not None:
        body["location"] = location
    cal.call("POST", "/events", body)
    if confirm is not None:
        mail.call(
            "POST",
            "/messages/send",
            {"to": [DANA], "subject": "Re: Call on Thursday", "body": confirm},
        )
