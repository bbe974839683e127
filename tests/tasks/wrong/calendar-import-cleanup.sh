#!/bin/bash
# Plausible wrong solution: de-duplicates by title only, so the second "1:1 with Bob" (next
# week) and the "Budget planning" follow-up are cancelled too.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

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
events = call("GET", "/events?start=2026-03-01T00:00:00&end=2026-05-01T00:00:00&per_page=100",
              token=token)
items = events["items"] if isinstance(events, dict) else events
seen = set()
for event in sorted(items, key=lambda e: e["id"]):
    if event["title"] in seen or event.get("occurrence_index"):
        if not event.get("occurrence_index"):
            call("DELETE", f"/events/{event['id']}", token=token)
        continue
    seen.add(event["title"])
PY
