#!/bin/bash
# alternative (REST, computed by hand): reads everyone's busy times with POST /api/freebusy, walks Alice's 09:00-17:00 in 15-minute steps for the first free 45 minutes, and creates the event with UTC times ("Z"), waiting out the 503s by their Retry-After.
set -euo pipefail
python3 - <<'PY'
import datetime as dt, json, time, urllib.error, urllib.request
from zoneinfo import ZoneInfo

API, PARIS = "http://127.0.0.1:5006/api", ZoneInfo("Europe/Paris")
token = None
def call(method, path, body=None):
    for _ in range(20):
        req = urllib.request.Request(API + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
        try:
            with urllib.request.urlopen(req) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            if e.code != 503:
                raise SystemExit(f"{method} {path}: {e.code} {e.read()[:300]}")
            wait = float(e.headers.get("Retry-After") or 1)
            print(f"{method} {path}: 503, waiting {wait}s"); time.sleep(wait)
    raise SystemExit("still unavailable")
token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
today = dt.datetime.fromisoformat(call("GET", "/events?per_page=1")["range_start"]).astimezone(PARIS).date()
day = today + dt.timedelta(days=1)
open_, close = (dt.datetime.combine(day, dt.time(h), PARIS) for h in (9, 17))
busy = call("POST", "/freebusy", {"users": ["alice", "bob", "carol"], "start": open_.isoformat(),
                                   "end": close.isoformat(), "timezone": "Europe/Paris"})
print(json.dumps(busy)[:800])
def intervals(b):
    users = b.get("users", b.get("busy", b)) if isinstance(b, dict) else b
    for v in (users.values() if isinstance(users, dict) else users):
        for iv in (v if isinstance(v, list) else v.get("busy", [])):
            yield dt.datetime.fromisoformat(iv["start"].replace("Z", "+00:00")), dt.datetime.fromisoformat(iv["end"].replace("Z", "+00:00"))
taken = list(intervals(busy))
start = open_
while start + dt.timedelta(minutes=45) <= close:
    end = start + dt.timedelta(minutes=45)
    if not any(s < end and start < e for s, e in taken):
        break
    start += dt.timedelta(minutes=15)
else:
    raise SystemExit("no free 45 minutes")
utc = lambda t: t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
print("earliest", start, end)
def mine():
    return [e for e in call("GET", f"/events?start={day}T00:00:00&end={day}T23:59:00")["items"] if e["title"] == "Team sync"]
call("POST", "/events", {"title": "Team sync", "start": utc(start), "end": utc(end), "timezone": "Europe/Paris",
                         "attendees": [{"username": "bob"}, {"username": "carol"}]})
print([(e["title"], e["start_local"], e["end_local"]) for e in mine()])
PY
