"""Alice's mail and calendar as the blind59-* wrong solutions use them: log in, read Tom's
newest mail, answer it in its thread, book or move the call. Each script decides what to say
and when to stop; the mistakes are in the scripts, never here."""

import re
from datetime import datetime, timedelta
from typing import Any

from mock_services.client import ServiceClient

TOM = "tom@example.test"
TITLE = "Q2 budget review"
ASKED = "Hi Tom,\n\nSure. When would suit you this week for a 30-minute call?\n\nAlice"
CONFIRMED = (
    "Hi Tom,\n\nDone: the Q2 budget review is in the calendar for {when}, 30 minutes. "
    "You should have the invitation.\n\nAlice"
)


class Alice:
    def __init__(self) -> None:
        self.mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
        self.cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
        self.zone = self.cal.call("GET", "/profile")["timezone"]
        self.year = self.cal.call("GET", "/events")["range_start"][:4]

    def newest_from(self, address: str = TOM, sort: str = "newest") -> dict[str, Any]:
        """The newest (or oldest) mail in the inbox from ``address``, opened."""
        found = self.mail.call("GET", f"/messages?folder=inbox&from={address}&sort={sort}")[
            "items"
        ][0]
        return self.mail.call("GET", f"/messages/{found['id']}")

    def reply(self, message: dict[str, Any], body: str) -> dict[str, Any]:
        return self.mail.call("POST", f"/messages/{message['id']}/reply", {"body": body})

    def send(self, to: list[str], subject: str, body: str) -> dict[str, Any]:
        return self.mail.call(
            "POST", "/messages/send", {"to": to, "subject": subject, "body": body}
        )

    def ask_tom(self) -> tuple[dict[str, Any], datetime]:
        """Ask Tom in his thread what time suits him; his answer, opened, and the time it names."""
        self.reply(self.newest_from(), ASKED)
        answer = self.newest_from()
        when = self.time_named(answer["body"])
        assert when, answer["body"]
        return answer, when

    def confirm(self, message: dict[str, Any], when: datetime) -> dict[str, Any]:
        """Answer ``message`` that the call is in the calendar at ``when``."""
        return self.reply(message, CONFIRMED.format(when=said(when)))

    def time_named(self, text: str) -> datetime | None:
        """The day and time a mail proposes ("Friday 13 March at 11:00"), if any."""
        found = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text)
        if not found:
            return None
        return datetime.strptime(f"{found[1]} {found[2]} {self.year} {found[3]}", "%d %B %Y %H:%M")

    def times(self, when: datetime, minutes: int = 30, suffix: str = "") -> dict[str, str]:
        end = when + timedelta(minutes=minutes)
        return {
            "start": f"{when:%Y-%m-%dT%H:%M:00}{suffix}",
            "end": f"{end:%Y-%m-%dT%H:%M:00}{suffix}",
            "timezone": self.zone,
        }

    def book(
        self, when: datetime, attendees: list[str] | None = None, suffix: str = ""
    ) -> dict[str, Any]:
        guests = [{"email": a} for a in (attendees if attendees is not None else [TOM])]
        body = {"title": TITLE, "attendees": guests, **self.times(when, suffix=suffix)}
        return self.cal.call("POST", "/events", body)

    def move(self, event: dict[str, Any], when: datetime, suffix: str = "") -> dict[str, Any]:
        return self.cal.call("PATCH", f"/events/{event['id']}", self.times(when, suffix=suffix))


def said(when: datetime) -> str:
    """'Friday 13 March at 11:00'."""
    return f"{when:%A} {when.day} {when:%B} at {when:%H:%M}"
