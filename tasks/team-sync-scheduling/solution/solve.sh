#!/bin/bash
# Reference solution of team-sync-scheduling: ask the calendar for the first common free slot
# (free/busy suggestions in Alice's zone and working hours), then create the event; every call
# retries on 429/5xx, waiting as long as Retry-After says.
set -euo pipefail
python3 - <<'PY'
import json
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

CAL = "http://127.0.0.1:5006/api"


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    for _attempt in range(10):
        request = urllib.request.Request(CAL + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            if exc.code not in (429, 500, 502, 503, 504):
                raise
            wait = float(exc.headers.get("Retry-After") or 1)
            print(f"{method} {path}: {exc.code}, retrying in {wait}s")
            time.sleep(wait)
    raise SystemExit(f"{method} {path}: still failing")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
# the calendar's default listing starts today at 00:00 in Alice's zone (the service's clock)
zone = ZoneInfo(call("GET", "/profile", token=token)["timezone"])
range_start = call("GET", "/events", token=token)["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(range_start).astimezone(zone).date()
tomorrow = today + timedelta(days=1)
suggestion = call("POST", "/freebusy/suggest", {
    "users": ["alice", "bob", "carol"],
    "duration_minutes": 45,
    "start": f"{tomorrow}T00:00:00",
    "end": f"{tomorrow + timedelta(days=1)}T00:00:00",
    "timezone": "Europe/Paris",
    "working_hours_start": "09:00",
    "working_hours_end": "17:00",
    "max_results": 1,
}, token)
slots = suggestion.get("slots", suggestion) if isinstance(suggestion, dict) else suggestion
slot = slots[0]
event = call("POST", "/events", {
    "title": "Team sync",
    "start": slot["start"],
    "end": slot["end"],
    "attendees": [{"username": "bob"}, {"username": "carol"}],
}, token)
print("booked", event.get("id"), slot)
PY
