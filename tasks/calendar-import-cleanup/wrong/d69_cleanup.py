"""The reference clean-up of the double import, with free text written beside it."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")


def _extra_copies() -> list[dict]:
    """Every identical copy (title, start, end) but the lowest id, as the reference finds them."""
    zone = ZoneInfo(api.call("GET", "/profile")["timezone"])
    range_start = api.call("GET", "/events")["range_start"].replace("Z", "+00:00")
    today = datetime.fromisoformat(range_start).astimezone(zone).date()
    first, last = today - timedelta(days=7), today + timedelta(days=60)
    events = api.call("GET", f"/events?start={first}T00:00:00&end={last}T00:00:00&per_page=100")
    items = events["items"] if isinstance(events, dict) else events
    seen: dict[tuple, int] = {}
    extra = []
    for event in sorted(items, key=lambda e: e["id"]):
        if event.get("occurrence_index"):
            continue
        key = (event["title"], event["start"], event["end"])
        if key in seen and seen[key] != event["id"]:
            extra.append(event)
        seen.setdefault(key, event["id"])
    return extra


def clean(calendar_note: str | None = None, copy_note: str | None = None) -> None:
    """Cancel the extra copies; `copy_note` is first written into each copy's description,
    `calendar_note` afterwards into the primary calendar's description (format strings over
    `titles`, the titles of the cancelled copies)."""
    extra = _extra_copies()
    for event in extra:
        if copy_note is not None:
            api.call("PATCH", f"/events/{event['id']}", {"description": copy_note})
        api.call("DELETE", f"/events/{event['id']}")
    if calendar_note is not None:
        calendars = api.call("GET", "/calendars")
        calendars = calendars["items"] if isinstance(calendars, dict) else calendars
        primary = next(c for c in calendars if c.get("primary"))
        titles = ", ".join(sorted({e["title"] for e in extra}))
        api.call(
            "PATCH",
            f"/calendars/{primary['id']}",
            {"description": calendar_note.format(titles=titles)},
        )
