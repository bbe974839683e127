#!/bin/bash
# Plausible wrong solution: records the passports and checks in, but lets the airline pick
# Leo's seat (the cheapest free one, not beside his mother).
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

AIR = "http://127.0.0.1:5000/api"


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(AIR + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
booking = call("GET", "/bookings/PX4M2Q", token=token)
numbers = {"Alice": "19FR44821", "Leo": "21FR90317"}
for passenger in booking["passengers"]:
    call("PATCH", f"/bookings/PX4M2Q/passengers/{passenger['id']}",
         {"passport_number": numbers[passenger["first_name"]]}, token)
call("POST", "/bookings/PX4M2Q/check-in", {"leg": "outbound"}, token)
PY
