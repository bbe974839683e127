#!/bin/bash
# alternative (REST, computed in Bob's zone): asks /freebusy for the three in London time, walks Alice's working day (08:00-16:00 London = 09:00-17:00 Paris) in 15-minute steps, and books the first free 45 minutes with UTC instants ("Z"), the event in Alice's zone.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api", attempts=20).login("alice", "alice-pass")
home_name = cal.call("GET", "/profile")["timezone"]
home, london = ZoneInfo(home_name), ZoneInfo("Europe/London")
# the service's today: its default listing starts at today's midnight in Alice's zone
listing = cal.call("GET", "/events?per_page=1")
today = datetime.fromisoformat(listing["range_start"].replace("Z", "+00:00")).astimezone(home).date()
day_start = datetime.combine(today + timedelta(days=1), datetime.min.time(), home).replace(hour=9)
day_end = day_start.replace(hour=17)


def london_naive(moment: datetime) -> str:
    return moment.astimezone(london).replace(tzinfo=None).isoformat()


answer = cal.call("POST", "/freebusy", {"users": ["alice", "bob", "carol"], "start": london_naive(day_start),
                                        "end": london_naive(day_end), "timezone": "Europe/London"})
busy = [(datetime.fromisoformat(b["start"].replace("Z", "+00:00")), datetime.fromisoformat(b["end"].replace("Z", "+00:00")))
        for person in answer["users"] for b in person["busy"]]
print("busy", [(s.astimezone(london).strftime("%H:%M"), e.astimezone(london).strftime("%H:%M")) for s, e in sorted(busy)])
length, slot = timedelta(minutes=45), day_start
while slot + length <= day_end and any(s < slot + length and slot < e for s, e in busy):
    slot += timedelta(minutes=15)
if slot + length > day_end:
    raise SystemExit("no free 45 minutes tomorrow")
utc = lambda m: m.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
event = cal.call("POST", "/events", {"title": "Team sync", "start": utc(slot), "end": utc(slot + length),
                                     "timezone": home_name,
                                     "attendees": [{"username": "bob"}, {"username": "carol"}]})
print("booked", event["id"], event["start_local"], event["end_local"])
PY
