#!/bin/bash
# Reference solution of health-dentist-clash: find the dentist appointment, collect what makes
# Alice busy on Thursday and Friday (not cancelled, not transparent, not declined, not the
# appointment's own invitation), and reschedule it in the health app to the first half-hour
# start inside the dentist's hours that fits; the calendar invitation follows by itself.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

PARIS = ZoneInfo("Europe/Paris")
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")

appointments = health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
dentist = next(a for a in appointments if a["provider"]["specialty"] == "Dentistry")
start = datetime.fromisoformat(dentist["start_local"])
length = datetime.fromisoformat(dentist["end"].replace("Z", "+00:00")) - start
thursday = start.replace(hour=0, minute=0)
events = calendar.call(
    "GET",
    f"/events?start={thursday:%Y-%m-%dT%H:%M}&end={thursday + timedelta(days=2):%Y-%m-%dT%H:%M}"
    "&timezone=Europe/Paris&per_page=100",
)["items"]


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


busy = [
    (at(e["start"]), at(e["end"]))
    for e in events
    if e["status"] != "cancelled"
    and e["transparency"] == "opaque"
    and e["my_rsvp"] != "declined"
    and dentist["code"] not in e["description"]
]
provider = dentist["provider"]
for day in (thursday, thursday + timedelta(days=1)):
    opens = datetime.combine(day.date(), datetime.strptime(provider["opens"], "%H:%M").time(), PARIS)
    closes = datetime.combine(day.date(), datetime.strptime(provider["closes"], "%H:%M").time(), PARIS)
    slot = opens.replace(minute=0 if opens.minute == 0 else 30)
    while slot + length <= closes:
        if slot >= opens and all(slot + length <= b or slot >= e for b, e in busy):
            health.call(
                "POST",
                f"/appointments/{dentist['code']}/reschedule",
                {"start": slot.isoformat()},
            )
            raise SystemExit(0)
        slot += timedelta(minutes=30)
raise SystemExit("no free slot on Thursday or Friday")
PY
