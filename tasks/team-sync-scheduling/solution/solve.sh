#!/bin/bash
# Reference solution of team-sync-scheduling: ask the calendar for the first common free slot
# (free/busy suggestions in Alice's zone and working hours), then create the event; every call
# retries on 429/5xx, waiting as long as Retry-After says.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

CAL = "http://127.0.0.1:5006/api"

cal = ServiceClient(CAL).login("alice", "alice-pass")
# the calendar's default listing starts today at 00:00 in Alice's zone (the service's clock)
zone = ZoneInfo(cal.call("GET", "/profile")["timezone"])
range_start = cal.call("GET", "/events")["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(range_start).astimezone(zone).date()
tomorrow = today + timedelta(days=1)
suggestion = cal.call("POST", "/freebusy/suggest", {
    "users": ["alice", "bob", "carol"],
    "duration_minutes": 45,
    "start": f"{tomorrow}T00:00:00",
    "end": f"{tomorrow + timedelta(days=1)}T00:00:00",
    "timezone": "Europe/Paris",
    "working_hours_start": "09:00",
    "working_hours_end": "17:00",
    "max_results": 1,
})
slots = suggestion.get("slots", suggestion) if isinstance(suggestion, dict) else suggestion
slot = slots[0]
event = cal.call("POST", "/events", {
    "title": "Team sync",
    "start": slot["start"],
    "end": slot["end"],
    "attendees": [{"username": "bob"}, {"username": "carol"}],
})
print("booked", event.get("id"), slot)
PY
