"""What the blind set's wrong solutions of team-sync-scheduling share: Alice's session on the
calendar (the shared client retries the seeded 503s), tomorrow's date, the two guests, and the
calls that create a meeting and list tomorrow's events of a title."""

from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
DAY = "2026-03-03"  # tomorrow in Alice's zone (the service clock is 2026-03-02 09:00 Paris)
GUESTS = [{"username": "bob"}, {"username": "carol"}]


def create(
    start: str,
    end: str,
    title: str = "Team sync",
    attendees: list[dict] = GUESTS,
    tz: str = "Europe/Paris",
    **extra: object,
) -> dict:
    """Create a meeting in Alice's calendar (Bob and Carol invited unless told otherwise)."""
    body = {
        "title": title,
        "start": start,
        "end": end,
        "timezone": tz,
        "attendees": list(attendees),
        **extra,
    }
    return cal.call("POST", "/events", body)


def mine(title: str) -> list[dict]:
    """Tomorrow's events in Alice's view called ``title``."""
    listing = cal.call("GET", f"/events?start={DAY}T00:00:00&end=2026-03-04T00:00:00&per_page=100")
    return [e for e in listing["items"] if e["title"] == title]
