#!/bin/bash
# Reference solution: read Tom's latest availability on his open ticket (Thursday 10:00-12:00 or
# Friday 15:00-17:00, his Wednesday offer withdrawn), ask the calendar for Alice's busy times in
# those windows, book the first free 30 minutes with Tom invited, reply on the ticket with that
# time and put it on hold in the same step.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

ZONE = "America/New_York"
desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")

found = desk.call("GET", "/tickets?q=Harbour&status=unsolved&per_page=100")["items"]
ticket = next(t for t in found if t["requester_name"] == "Tom Becker")
windows = [("2026-03-12T10:00:00", "2026-03-12T12:00:00"), ("2026-03-13T15:00:00", "2026-03-13T17:00:00")]


def local(stamp: str) -> datetime:
    """A time the calendar answers, as a naive New York time."""
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return moment.astimezone(ZoneInfo(ZONE)).replace(tzinfo=None)


def free_start(start: str, end: str) -> datetime | None:
    busy = cal.call(
        "POST", "/freebusy", {"users": ["alice"], "start": start, "end": end, "timezone": ZONE}
    )
    spans = sorted(
        (local(b["start"]), local(b["end"]))
        for user in busy["users"]
        for b in user["busy"]
    )
    at, stop = datetime.fromisoformat(start), datetime.fromisoformat(end)
    for busy_start, busy_end in spans:
        if busy_start - at >= timedelta(minutes=30):
            return at
        at = max(at, busy_end)
    return at if stop - at >= timedelta(minutes=30) else None


start = next(s for s in (free_start(*w) for w in windows) if s is not None)
end = start + timedelta(minutes=30)
cal.call(
    "POST",
    "/events",
    {
        "title": f"Call with Tom Becker: Harbour room screen sharing ({ticket['code']})",
        "start": start.isoformat(),
        "end": end.isoformat(),
        "timezone": ZONE,
        "attendees": [{"email": ticket["requester"]}],
        "reject_conflicts": True,
    },
)
when = f"{start:%A} {start.day} {start:%B} at {start:%H:%M} (New York time)"
desk.call(
    "POST",
    f"/tickets/{ticket['code']}/comments",
    {
        "body": f"Hi Tom,\n\nI have booked our 30-minute call for {when}. You will get a calendar "
        "invitation by mail; please show me what happens when you share your screen.\n\nAlice",
        "public": True,
        "status": "on-hold",
    },
)
PY
