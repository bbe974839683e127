#!/bin/bash
# Plausible wrong solution: takes the cheapest alternative (the evening flight) instead of the
# earliest one, and gives Bob its Lyon departure time. It does retry on 429/503.
set -euo pipefail
python3 - <<'PY'
import json
import time
import urllib.error
import urllib.request

AIR, MAIL = "http://127.0.0.1:5000/api", "http://127.0.0.1:5001/api"


def call(base, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    for _attempt in range(10):
        request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            if exc.code not in (429, 503):
                raise
            time.sleep(float(exc.headers.get("Retry-After") or 1))
    raise SystemExit("still failing")


login = {"username": "alice", "password": "alice-pass"}
air = call(AIR, "POST", "/auth/login", login)["token"]
mail = call(MAIL, "POST", "/auth/login", login)["token"]
results = call(AIR, "GET", "/flights/search?origin=LYS&destination=LHR&date=2026-03-03&sort=price",
               token=air)["items"]
new = results[0]["flight"]
call(AIR, "POST", "/bookings/K7Q2XM/change", {"flight_id": new["id"], "leg": "outbound"}, air)
call(MAIL, "POST", "/messages/send", {"to": ["bob@example.test"], "subject": "New flight",
     "body": f"I'm on {new['number']}, leaving at {new['scheduled_departure_local'][11:16]}."}, mail)
PY
