"""Steps the wrong solutions share: Alice's sessions, the call booked at a given New York time,
the reply with a given text, the ticket's status."""

from mock_services.client import ServiceClient

ZONE = "America/New_York"
TOM = "tom.becker@northwind.example"
TICKET, OLD_TICKET, MARIAS = "TK-1052", "TK-1031", "TK-1053"
desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")


def book(
    start: str = "2026-03-12T11:30:00", end: str = "2026-03-12T12:00:00", guests=(TOM,), **extra
) -> dict:
    body = {
        "title": "Call with Tom Becker: Harbour room screen sharing",
        "start": start,
        "end": end,
        "timezone": ZONE,
        "attendees": [{"email": g} for g in guests],
    }
    body.update(extra)
    return cal.call("POST", "/events", body)


def reply_text(when: str = "Thursday 12 March at 11:30") -> str:
    return (
        f"Hi Tom,\n\nI have booked our 30-minute call for {when} (New York time). You will get "
        "a calendar invitation by mail.\n\nAlice"
    )


def reply(
    text: str | None = None, code: str = TICKET, status: str | None = "on-hold", public: bool = True
) -> None:
    body = {"body": text or reply_text(), "public": public}
    if status:
        body["status"] = status
    desk.call("POST", f"/tickets/{code}/comments", body)


def old_call() -> dict:
    events = cal.call("GET", "/events?start=2026-03-01T00:00:00&end=2026-03-09T00:00:00&q=Tom")[
        "items"
    ]
    return events[0]
