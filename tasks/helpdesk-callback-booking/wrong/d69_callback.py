"""Shared by the d69 scripts: book Tom's call as the reference does, with the free text given."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

ZONE = "America/New_York"
WINDOWS = [
    ("2026-03-12T10:00:00", "2026-03-12T12:00:00"),
    ("2026-03-13T15:00:00", "2026-03-13T17:00:00"),
]


def _local(stamp: str) -> datetime:
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return moment.astimezone(ZoneInfo(ZONE)).replace(tzinfo=None)


def _free_start(cal: ServiceClient, start: str, end: str) -> datetime | None:
    busy = cal.call(
        "POST", "/freebusy", {"users": ["alice"], "start": start, "end": end, "timezone": ZONE}
    )
    spans = sorted((_local(b["start"]), _local(b["end"])) for u in busy["users"] for b in u["busy"])
    at, stop = datetime.fromisoformat(start), datetime.fromisoformat(end)
    for busy_start, busy_end in spans:
        if busy_start - at >= timedelta(minutes=30):
            return at
        at = max(at, busy_end)
    return at if stop - at >= timedelta(minutes=30) else None


def book(
    title: str = "Call with Tom Becker: Harbour room screen sharing ({code})",
    description: str = "",
    location: str = "",
    reply: str = "Hi Tom,\n\nI have booked our 30-minute call for {when}. You will get a calendar "
    "invitation by mail.\n\nAlice",
    note: str | None = None,
    tags: list[str] | None = None,
    mail: str | None = None,
) -> None:
    """Book the call, reply with the time and hold the ticket; ``{when}``/``{code}`` filled in.
    ``mail``, if given, is also sent to Tom from the mail app."""
    desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
    cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
    found = desk.call("GET", "/tickets?q=Harbour&status=unsolved&per_page=100")["items"]
    ticket = next(t for t in found if t["requester_name"] == "Tom Becker")
    start = next(s for s in (_free_start(cal, *w) for w in WINDOWS) if s is not None)
    when = f"{start:%A} {start.day} {start:%B} at {start:%H:%M} (New York time)"
    fill = {"when": when, "code": ticket["code"]}
    cal.call(
        "POST",
        "/events",
        {
            "title": title.format(**fill),
            "description": description.format(**fill),
            "location": location.format(**fill),
            "start": start.isoformat(),
            "end": (start + timedelta(minutes=30)).isoformat(),
            "timezone": ZONE,
            "attendees": [{"email": ticket["requester"]}],
            "reject_conflicts": True,
        },
    )
    if note is not None:
        desk.call(
            "POST",
            f"/tickets/{ticket['code']}/comments",
            {"body": note.format(**fill), "public": False},
        )
    if tags is not None:
        desk.call("PATCH", f"/tickets/{ticket['code']}", {"tags": tags})
    desk.call(
        "POST",
        f"/tickets/{ticket['code']}/comments",
        {"body": reply.format(**fill), "public": True, "status": "on-hold"},
    )
    if mail is not None:
        ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass").call(
            "POST",
            "/messages/send",
            {
                "to": [ticket["requester"]],
                "subject": f"Our call about {ticket['code']}",
                "body": mail.format(**fill),
            },
        )
