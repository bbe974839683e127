"""Shared by the d69 scripts: move the dentist appointment as the reference does, then write the
free text given beside it in today's health record (the appointment's calendar event is the
clinic's invitation: Alice may not edit it, and reschedule takes no note)."""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

PARIS = ZoneInfo("Europe/Paris")


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _first_free(dentist: dict[str, Any], calendar: ServiceClient) -> datetime:
    start = datetime.fromisoformat(dentist["start_local"])
    length = _at(dentist["end"]) - start
    thursday = start.replace(hour=0, minute=0)
    events = calendar.call(
        "GET",
        f"/events?start={thursday:%Y-%m-%dT%H:%M}&end={thursday + timedelta(days=2):%Y-%m-%dT%H:%M}"
        "&timezone=Europe/Paris&per_page=100",
    )["items"]
    busy = [
        (_at(e["start"]), _at(e["end"]))
        for e in events
        if e["status"] != "cancelled"
        and e["transparency"] == "opaque"
        and e["my_rsvp"] != "declined"
        and dentist["code"] not in e["description"]
    ]
    provider = dentist["provider"]
    for day in (thursday, thursday + timedelta(days=1)):
        hours = [datetime.strptime(provider[k], "%H:%M").time() for k in ("opens", "closes")]
        opens, closes = (datetime.combine(day.date(), t, PARIS) for t in hours)
        slot = opens.replace(minute=0 if opens.minute == 0 else 30)
        while slot + length <= closes:
            if slot >= opens and all(slot + length <= b or slot >= e for b, e in busy):
                return slot
            slot += timedelta(minutes=30)
    raise SystemExit("no free slot on Thursday or Friday")


def move(record_note: str) -> None:
    """Reschedule the appointment, then write ``record_note`` (``{when}`` filled in with the new
    time) in today's health record, the only day a record may be written."""
    health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
    calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
    appointments = health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
    dentist = next(a for a in appointments if a["provider"]["specialty"] == "Dentistry")
    slot = _first_free(dentist, calendar)
    health.call("POST", f"/appointments/{dentist['code']}/reschedule", {"start": slot.isoformat()})
    when = f"{slot:%A} {slot.day} {slot:%B} at {slot:%H:%M}"
    today = health.call("GET", "/diary")["day"]
    health.call("PUT", f"/records/{today}", {"notes": record_note.format(when=when)})
