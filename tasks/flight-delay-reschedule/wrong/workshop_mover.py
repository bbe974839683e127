"""What the blind set's wrong solutions of flight-delay-reschedule share: Alice's sessions on the
webmail and the calendar, her events, the workshop and its guests, the calls that move an event
(London wall-clock times on the workshop's day) and send a mail, and the right mail's text."""

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
events = cal.call("GET", "/events?per_page=100")["items"]
by_title = {e["title"]: e for e in events}
meeting = by_title["Northwind workshop"]
DAY = meeting["start_local"][:10]  # tomorrow, 2026-03-03
GUESTS = [a["email"] for a in meeting["attendees"]]
GOOD_SUBJECT = "Northwind workshop moved to 15:40 tomorrow"
GOOD_BODY = (
    "Hello,\n\nMy flight back tomorrow is delayed, so the Northwind workshop moves to "
    "Tuesday 3 March at 15:40 (London time), same place (Office, room 4) and same length "
    "(until 17:10).\n\nAlice"
)


def move(event: dict, start: str, end: str | None = None) -> dict:
    """Move ``event`` to ``start`` (and ``end``), HH:MM on the workshop's day."""
    body = {"start": f"{DAY}T{start}:00"}
    if end:
        body["end"] = f"{DAY}T{end}:00"
    return cal.call("PATCH", f"/events/{event['id']}", body)


def send(subject: str, body: str, to: list[str] | None = None) -> dict:
    """Send a mail from Alice (to the workshop's guests unless ``to`` says otherwise)."""
    return mail.call(
        "POST", "/messages/send", {"to": list(to or GUESTS), "subject": subject, "body": body}
    )
