"""Shared steps of the c68 scripts for team-sync-scheduling: the free slot and the booking."""

import datetime as dt
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

CAL, ZONE = "http://127.0.0.1:5006/api", "Europe/Paris"
GUESTS = [{"email": "bob@example.test"}, {"email": "carol@example.test"}]


def calendar() -> ServiceClient:
    """Alice's calendar client; it waits out the service's 503s as their Retry-After asks."""
    return ServiceClient(CAL).login(username="alice", password="alice-pass")


def tomorrow(cal: ServiceClient) -> str:
    """Tomorrow's ISO day in Alice's zone: the day after the one the event list starts on."""
    start = dt.datetime.fromisoformat(cal.call("GET", "/events?per_page=1")["range_start"])
    today = start.astimezone(ZoneInfo(ZONE)).date()
    return (today + dt.timedelta(days=1)).isoformat()


def earliest(cal: ServiceClient, day: str, hours: tuple[str, str] = ("09:00", "17:00")) -> str:
    """The first 45-minute slot of ``day`` (local HH:MM) when alice, bob and carol are free."""
    body = {
        "users": ["alice", "bob", "carol"],
        "duration_minutes": 45,
        "start": f"{day}T00:00:00",
        "end": f"{day}T23:59:00",
        "timezone": ZONE,
        "working_hours_start": hours[0],
        "working_hours_end": hours[1],
        "max_results": 1,
    }
    return str(cal.call("POST", "/freebusy/suggest", body)["slots"][0]["start_local"])[11:16]


def later(start: str, minutes: int) -> str:
    """``start`` (HH:MM) plus ``minutes``."""
    t = dt.datetime.strptime(start, "%H:%M") + dt.timedelta(minutes=minutes)
    return t.strftime("%H:%M")


def book(cal: ServiceClient, day: str, start: str, minutes: int = 45, **extra) -> dict:
    """'Team sync' on ``day`` at ``start`` (Paris) with Bob and Carol, unless ``extra`` says."""
    body = {
        "title": "Team sync",
        "start": f"{day}T{start}:00",
        "end": f"{day}T{later(start, minutes)}:00",
        "timezone": ZONE,
        "attendees": GUESTS,
    }
    body.update(extra)
    return cal.call("POST", "/events", body)
