"""What the wrong solutions and the alternatives of email-awaited-reply share: Alice's
sessions on the mail and the calendar, the question mail, Dana's mails in the inbox, the time
a mail of hers names, the call that books a meeting on Thursday (New York time), and the blind
testers' run (stop 48) that books her last time right and words only its last mail wrong."""

import re
from urllib.parse import urlencode

from mock_services.client import ServiceClient

DANA = "dana.whitfield@northwind.example"
DAY = "2026-03-12"  # Thursday, in Alice's zone
QUESTION = (
    "Hi Dana,\n\nI'd like to set up a 30-minute call with you on Thursday (March 12) about the "
    "Northwind renewal. What time on Thursday suits you best?\n\nThanks,\nAlice"
)
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")


def ask(body: str = QUESTION, subject: str = "Call on Thursday") -> dict:
    return mail.call("POST", "/messages/send", {"to": [DANA], "subject": subject, "body": body})


def her_mails() -> list[dict]:
    """Dana's mails in the inbox, oldest first (summaries: no full body)."""
    query = urlencode({"folder": "inbox", "from": DANA, "sort": "oldest"})
    return mail.call("GET", f"/messages?{query}")["items"]


def read(message_id: int) -> str:
    return mail.call("GET", f"/messages/{message_id}")["body"]


def time_in(body: str) -> tuple[int, int]:
    """The last "h:mm pm" a mail names, as (hour, minute) on a 24-hour clock."""
    hour, minute, half = re.findall(r"\b(\d{1,2}):(\d{2})\s*([ap])\.?m", body, re.I)[-1]
    return int(hour) % 12 + (12 if half.lower() == "p" else 0), int(minute)


def book(
    hour: int,
    minute: int = 0,
    *,
    minutes: int = 30,
    title: str = "Northwind renewal call",
    attendees: list[dict] | None = None,
    tz: str = "America/New_York",
    **extra: object,
) -> dict:
    """A meeting on Thursday at hour:minute in ``tz``, Dana invited unless told otherwise."""
    end = hour * 60 + minute + minutes
    return cal.call(
        "POST",
        "/events",
        {
            "title": title,
            "start": f"{DAY}T{hour:02d}:{minute:02d}:00",
            "end": f"{DAY}T{end // 60:02d}:{end % 60:02d}:00",
            "timezone": tz,
            "attendees": [{"email": DANA}] if attendees is None else attendees,
            **extra,
        },
    )


def latest_time() -> tuple[int, int]:
    """The time of her newest mail, every mail of hers opened (the correction comes on the first
    mail opened after her answer came, so the inbox is read twice)."""
    for item in her_mails():
        read(item["id"])
    return time_in(read(her_mails()[-1]["id"]))


def book_her_time_then_answer(last_word: str) -> dict:
    """Asks Dana, books the time she asked for last (her correction read), then answers her
    newest mail with ``last_word``."""
    ask()
    book(*latest_time())
    newest = her_mails()[-1]
    return mail.call("POST", f"/messages/{newest['id']}/reply", {"body": last_word})
