"""What the b68 wrong runs share: a calendar client per user and the right Team sync booking."""

from typing import Any

from mock_services.client import ServiceClient

CAL = "http://127.0.0.1:5006/api"
TOMORROW = "2026-03-03"  # the seed's now is Mon 2 Mar 2026
GUESTS = [{"username": "bob"}, {"username": "carol"}]


def client(user: str = "alice") -> ServiceClient:
    """A calendar client logged in as a seeded user (their password is <user>-pass)."""
    return ServiceClient(CAL, attempts=20).login(user, f"{user}-pass")


cal = client()


def earliest_slot() -> tuple[str, str]:
    """The first 45-minute slot tomorrow, 09-17 Paris time, when alice, bob and carol are free."""
    answer = cal.call(
        "POST",
        "/freebusy/suggest",
        {
            "users": ["alice", "bob", "carol"],
            "duration_minutes": 45,
            "start": f"{TOMORROW}T00:00:00",
            "end": f"{TOMORROW}T23:59:00",
            "timezone": "Europe/Paris",
            "working_hours_start": "09:00",
            "working_hours_end": "17:00",
            "max_results": 1,
        },
    )
    slots = answer["slots"] if isinstance(answer, dict) and "slots" in answer else answer
    first = slots[0]
    return first["start"], first["end"]


def book(via: ServiceClient | None = None, **extra: Any) -> dict[str, Any]:
    """Create the Team sync at the earliest slot with bob and carol (as ``via``, else alice);
    ``extra`` fields override the body's."""
    start, end = earliest_slot()
    body = {
        "title": "Team sync",
        "start": start,
        "end": end,
        "timezone": "Europe/Paris",
        "attendees": GUESTS,
    } | extra
    event = (via or cal).call("POST", "/events", body)
    print("booked", event["id"], event["start_local"], event["end_local"])
    return event


def tomorrows_events(who: ServiceClient = cal) -> list[dict[str, Any]]:
    """Tomorrow's event instances as ``who`` lists them (invitations included)."""
    answer = who.call(
        "GET",
        f"/events?start={TOMORROW}T00:00:00&end={TOMORROW}T23:59:00"
        "&timezone=Europe/Paris&per_page=100",
    )
    return answer["items"] if isinstance(answer, dict) else answer
