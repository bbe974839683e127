#!/bin/bash
# alternative (REST API, own computation): fetches each person's events through free/busy one user
# at a time (not the suggestion endpoint), merges the busy intervals, walks Alice's 09:00-17:00
# Paris day in 5-minute steps for the first free 45 minutes, and creates the event with UTC
# instants; a raw urllib loop honours Retry-After on the 503s instead of the shared client.
set -euo pipefail
python3 - <<'PY'
import json
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

BASE = "http://127.0.0.1:5006/api"
token = None


def call(method, path, body=None):
    for _ in range(15):
        req = urllib.request.Request(BASE + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read() or b"null")
        except urllib.error.HTTPError as exc:
            if exc.code in (429, 500, 502, 503, 504):
                time.sleep(float(exc.headers.get("Retry-After") or 1)); continue
            raise SystemExit(f"{method} {path}: {exc.code} {exc.read()[:300]}")
    raise SystemExit(f"{method} {path}: still failing")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
zone = ZoneInfo(call("GET", "/profile")["timezone"])
today = datetime.fromisoformat(call("GET", "/events")["range_start"].replace("Z", "+00:00")).astimezone(zone).date()
day = today + timedelta(days=1)
busy = []
for user in ("alice", "bob", "carol"):
    fb = call("POST", "/freebusy", {"users": [user], "start": f"{day}T00:00:00", "end": f"{day + timedelta(days=1)}T00:00:00",
                                    "timezone": zone.key})
    busy += [(datetime.fromisoformat(b["start"].replace("Z", "+00:00")), datetime.fromisoformat(b["end"].replace("Z", "+00:00")))
             for u in fb["users"] for b in u["busy"]]
slot = datetime.fromisoformat(f"{day}T09:00").replace(tzinfo=zone)
close = datetime.fromisoformat(f"{day}T17:00").replace(tzinfo=zone)
length = timedelta(minutes=45)
while slot + length <= close and any(b < slot + length and e > slot for b, e in busy):
    slot += timedelta(minutes=5)
assert slot + length <= close, "no common slot"
utc = lambda d: d.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
event = call("POST", "/events", {"title": "Team sync", "start": utc(slot), "end": utc(slot + length), "timezone": zone.key,
                                 "attendees": [{"username": "bob"}, {"username": "carol"}]})
print("created", event["id"], event["start_local"], event["end_local"])
PY
