#!/bin/bash
# Reference solution of calendar-import-cleanup: list Alice's events over the coming weeks,
# group identical ones (title, start, end) and cancel every copy but the lowest id.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

BASE = "http://127.0.0.1:5006/api"

api = ServiceClient(BASE).login("alice", "alice-pass")
# the default listing starts today (the service's clock); look from a week ago to two months on
zone = ZoneInfo(api.call("GET", "/profile")["timezone"])
range_start = api.call("GET", "/events")["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(range_start).astimezone(zone).date()
first, last = today - timedelta(days=7), today + timedelta(days=60)
events = api.call("GET", f"/events?start={first}T00:00:00&end={last}T00:00:00&per_page=100")
items = events["items"] if isinstance(events, dict) else events
seen, extra = {}, []
for event in sorted(items, key=lambda e: e["id"]):
    if event.get("occurrence_index"):
        continue  # later instances of a recurring event
    key = (event["title"], event["start"], event["end"])
    if key in seen and seen[key] != event["id"]:
        extra.append(event["id"])
    seen.setdefault(key, event["id"])
for event_id in extra:
    api.call("DELETE", f"/events/{event_id}")
print("cancelled", extra)
PY
