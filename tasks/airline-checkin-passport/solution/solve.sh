#!/bin/bash
# Reference solution of airline-checkin-passport: record both passports, give Leo the free
# seat beside Alice's on the outbound leg, then check in the outbound leg.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

AIR = "http://127.0.0.1:5000/api"
REF = "PX4M2Q"
PASSPORTS = {"Alice": "19FR44821", "Leo": "21FR90317"}


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(AIR + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
booking = call("GET", f"/bookings/{REF}", token=token)
for passenger in booking["passengers"]:
    call("PATCH", f"/bookings/{REF}/passengers/{passenger['id']}",
         {"passport_number": PASSPORTS[passenger["first_name"]]}, token)
alice, leo = booking["passengers"]
alice_seat = next(t["seat"] for t in alice["tickets"] if t["leg"] == "outbound")
row, letter = alice_seat[:-1], alice_seat[-1]
free = {s["number"] for s in call(
    "GET", f"/flights/{alice['tickets'][0]['flight_id']}/seats?cabin={booking['cabin']}&free_only=true",
    token=token)["seats"]}
layout_neighbours = {"A": "B", "B": "AC", "C": "B", "D": "E", "E": "DF", "F": "E"}
beside = next(f"{row}{n}" for n in layout_neighbours[letter] if f"{row}{n}" in free)
call("POST", f"/bookings/{REF}/seats", {"passenger_id": leo["id"], "seat": beside,
                                        "leg": "outbound"}, token)
passes = call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound"}, token)
print("Leo in", beside, "; checked in:", passes)
PY
