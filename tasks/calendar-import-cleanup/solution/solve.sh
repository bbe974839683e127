#!/bin/bash
# Reference solution of calendar-import-cleanup: list Alice's events over the coming weeks,
# group identical ones (title, start, end) and cancel every copy but the lowest id.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

BASE = "http://127.0.0.1:5006/api"


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(BASE + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
# the default listing starts today (the service's clock); look from a week ago to two months on
zone = ZoneInfo(call("GET", "/profile", token=token)["timezone"])
range_start = call("GET", "/events", token=token)["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(range_start).astimezone(zone).date()
first, last = today - timedelta(days=7), today + timedelta(days=60)
events = call("GET", f"/events?start={first}T00:00:00&end={last}T00:00:00&per_page=100",
              token=token)
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
    call("DELETE", f"/events/{event_id}", token=token)
print("cancelled", extra)
PY
