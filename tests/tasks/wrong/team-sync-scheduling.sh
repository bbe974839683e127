#!/bin/bash
# Plausible wrong solution: reads every colleague's times as if they were in Alice's zone
# (Bob's London morning taken as Paris time) and books 10:30; it does retry on 503.
set -euo pipefail
python3 - <<'PY'
import json
import time
import urllib.error
import urllib.request

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
            if exc.code != 503:
                raise
            time.sleep(float(exc.headers.get("Retry-After") or 1))
    raise SystemExit("still failing")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
call("POST", "/events", {"title": "Team sync", "start": "2026-03-03T10:30:00",
                         "end": "2026-03-03T11:15:00",
                         "attendees": [{"username": "bob"}, {"username": "carol"}]}, token)
PY
