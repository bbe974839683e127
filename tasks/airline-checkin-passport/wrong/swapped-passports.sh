#!/bin/bash
# Records the two passport numbers swapped (Alice gets Leo's and vice versa), seats Leo in 24B and checks in.
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

passport(alice, PP["Leo"]); passport(leo, PP["Alice"]); seat(leo, "24B"); checkin()
PY
