#!/bin/bash
# wrong (ignores the service's ask): books the right Team sync, but on every "temporarily unavailable" answer retries at once in a tight loop, never waiting the Retry-After the calendar asks for.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.error
import urllib.request

API = "http://127.0.0.1:5006/api"
token = None


def call(method, path, body=None):
    """Retry a 503 immediately, ignoring its Retry-After."""
    for attempt in range(50):
        request = urllib.request.Request(API + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                         headers={"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {}))
        try:
            with urllib.request.urlopen(request) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as refused:
            if refused.code != 503:
                raise
            print(method, path, "503 (asked to wait", refused.headers.get("Retry-After"), "s); retrying now")
    raise SystemExit("still unavailable")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
slots = call("POST", "/freebusy/suggest", {"users": ["alice", "bob", "carol"], "duration_minutes": 45,
                                           "start": "2026-03-03T00:00:00", "end": "2026-03-03T23:59:00", "timezone": "Europe/Paris",
                                           "working_hours_start": "09:00", "working_hours_end": "17:00", "max_results": 1})
slot = (slots["slots"] if isinstance(slots, dict) else slots)[0]
event = call("POST", "/events", {"title": "Team sync", "start": slot["start"], "end": slot["end"], "timezone": "Europe/Paris",
                                 "attendees": [{"username": "bob"}, {"username": "carol"}]})
print("booked", event["id"], event["start_local"])
PY
