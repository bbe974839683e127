"""What the b68 wrong runs share: alice's health and calendar clients and the dentist move."""

from typing import Any

from mock_services.client import ServiceClient

health = ServiceClient("http://127.0.0.1:5007/api", attempts=20).login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api", attempts=20).login("alice", "alice-pass")
FRIDAY_10 = (
    "2026-03-06T10:00:00+01:00"  # the earliest free half hour (Thu is full; the seed's now is Mon)
)


def items(answer: Any) -> list[dict[str, Any]]:
    """A list answer's rows, paged or not."""
    return answer["items"] if isinstance(answer, dict) else answer


def cleaning() -> dict[str, Any]:
    """Alice's upcoming dental cleaning."""
    upcoming = items(health.call("GET", "/appointments?upcoming=true"))
    return next(a for a in upcoming if a["reason"] == "Dental cleaning")


def move(start: str = FRIDAY_10, minutes: int = 45) -> dict[str, Any]:
    """Reschedule the cleaning (keeping it) to ``start`` for ``minutes``."""
    code = cleaning()["code"]
    moved = health.call(
        "POST", f"/appointments/{code}/reschedule", {"start": start, "duration_minutes": minutes}
    )
    print("moved", code, moved.get("start"), moved.get("end"))
    return moved


def event(title: str) -> dict[str, Any]:
    """Alice's calendar event (or invitation) of that title this week and next."""
    listed = items(
        cal.call("GET", "/events?start=2026-03-02T00:00:00&end=2026-03-16T00:00:00&per_page=100")
    )
    return next(e for e in listed if e["title"] == title)
