#!/bin/bash
# Seats Leo in 24D: same row but across the aisle, not beside Alice (24B was free).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
REF = "PX4M2Q"
PP = {"Alice": "19FR44821", "Leo": "21FR90317"}
air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
bk = air.call("GET", f"/bookings/{REF}")
alice, leo = bk["passengers"]
def passport(p, num): air.call("PATCH", f"/bookings/{REF}/passengers/{p['id']}", {"passport_number": num})
def seat(p, s, leg="outbound"): air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": p["id"], "seat": s, "leg": leg})
def checkin(**kw): return air.call("POST", f"/bookings/{REF}/check-in", dict({"leg": "outbound"}, **kw))

passport(alice, PP["Alice"]); passport(leo, PP["Leo"]); seat(leo, "24D"); checkin()
PY
