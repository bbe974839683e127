#!/bin/bash
# Plausible wrong solution: moves the workshop to two hours after the *scheduled* arrival (the
# first time in the mail) and tells only the colleague, not the outside guest.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"


def call(base, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


login = {"username": "alice", "password": "alice-pass"}
mail_token = call(MAIL, "POST", "/auth/login", login)["token"]
cal_token = call(CAL, "POST", "/auth/login", login)["token"]
call(CAL, "PATCH", "/events/2", {"start": "2026-03-03T13:40:00"}, cal_token)
call(MAIL, "POST", "/messages/send", {"to": ["bob@example.test"], "subject": "Workshop moved",
     "body": "The Northwind workshop now starts at 13:40."}, mail_token)
PY
