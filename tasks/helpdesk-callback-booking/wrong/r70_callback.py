"""The reference booking of Tom's call (first free 30 minutes in his latest availability, Tom
invited, a public reply with the time, the ticket on hold), with the free text beside it given
by the caller: the event's title, description and location, the reply's body, an optional
internal note and tags added to the ticket. Each text may name the booked time as ``{when}``."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

ZONE = "America/New_York"
LENGTH = timedelta(minutes=30)
WINDOWS = [
    ("2026-03-12T10:00:00", "2026-03-12T12:00:00"),
    ("2026-03-13T15:00:00", "2026-03-13T17:00:00"),
]
TITLE = "Call with Tom Becker: Harbour room screen sharing ({code})"
REPLY = (
    "Hi Tom,\n\nI have booked our 30-minute call for {when}. You will get a calendar "
    "invitation by mail; please show me what happens when you share your screen.\n\nAlice"
)


def _local(stamp: str) -> datetime:
    """A time the calendar answers, as a naive New York time."""
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return moment.astimezone(ZoneInfo(ZONE)).replace(tzinfo=None)


def _free_start(cal: ServiceClient, start: str, end: str) -> datetime | None:
    """The first start in ``[start, end)`` with 30 free minutes in Alice's calendar."""
    busy = cal.call(
        "POST", "/freebusy", {"users": ["alice"], "start": start, "end": end, "timezone": ZONE}
    )
    spans = sorted((_local(b["start"]), _local(b["end"])) for u in busy["users"] for b in u["busy"])
    at, stop = datetime.fromisoformat(start), datetime.fromisoformat(end)
    for busy_start, busy_end in spans:
        if busy_start - at >= LENGTH:
            return at
        at = max(at, busy_end)
    return at if stop - at >= LENGTH else None


def book(
    *,
    title: str = TITLE,
    description: str = "",
    location: str = "",
    reply: str = REPLY,
    note: str | None = None,
    tags: tuple[str, ...] = (),
) -> None:
    """Book the call and answer Tom as the reference does, writing the given texts."""
    desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
    cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
    found = desk.call("GET", "/tickets?q=Harbour&status=unsolved&per_page=100")["items"]
    ticket = next(t for t in found if t["requester_name"] == "Tom Becker")
    start = next(s for s in (_free_start(cal, *w) for w in WINDOWS) if s is not None)
    when = f"{start:%A} {start.day} {start:%B} at {start:%H:%M} (New York time)"
    fill = {"when": when, "code": ticket["code"]}
    event = {
        "title": title.format(**fill),
        "start": start.isoformat(),
        "end": (start + LENGTH).isoformat(),
        "timezone": ZONE,
        "attendees": [{"email": ticket["requester"]}],
        "reject_conflicts": True,
    }
    if description:
        event["description"] = description.format(**fill)
    if location:
        event["location"] = location.format(**fill)
    cal.call("POST", "/events", event)
    path = f"/tickets/{ticket['code']}/comments"
    body = {"body": reply.format(**fill), "public": True, "status": "on-hold"}
    desk.call("POST", path, body)
    if note is not None:
        desk.call("POST", path, {"body": note.format(**fill), "public": False})
    if tags:
        desk.call("PATCH", f"/tickets/{ticket['code']}", {"tags": [*ticket["tags"], *tags]})
    print(f"booked {when} on {ticket['code']}")
