"""What the wrong solutions of ambiguous-request-ask-first share: Alice's sessions on the mail
and the calendar, Maria's request, a question to someone by mail (and the answer it gets), and
the booking of the review on Thursday (New York) at the time her mail gives or the one her
answer gives."""

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
THURSDAY = "2026-03-12"  # the seed's clock is Monday 9 March, 10:00 New York
AURORA, BOREALIS = "Aurora room (3rd floor)", "Borealis room (5th floor)"
MARIA = {"email": "maria@example.test"}
REQUESTED, ANSWERED = ("10:00", "11:00"), ("10:30", "11:30")  # her mail's time, her answer's


def request() -> dict:
    """Maria's mail asking for the review."""
    return mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"][0]


def ask(body: str, to: str = "maria@example.test", subject: str = "Vendor review room") -> str:
    """Mail ``to`` a question; the newest answer in Alice's inbox from them, or '' if none."""
    mail.call("POST", "/messages/send", {"to": [to], "subject": subject, "body": body})
    found = mail.call("GET", f"/messages?folder=inbox&from={to}")["items"]
    newest = [m for m in found if m["subject"].startswith("Re:")]
    return mail.call("GET", f"/messages/{newest[0]['id']}")["body"] if newest else ""


def book(
    location: str,
    *,
    when=ANSWERED,
    attendees=(MARIA,),
    title="Northwind vendor review",
    **extra,
) -> dict:
    return cal.call(
        "POST",
        "/events",
        {
            "title": title,
            "start": f"{THURSDAY}T{when[0]}:00",
            "end": f"{THURSDAY}T{when[1]}:00",
            "timezone": "America/New_York",
            "location": location,
            "attendees": list(attendees),
            **extra,
        },
    )
