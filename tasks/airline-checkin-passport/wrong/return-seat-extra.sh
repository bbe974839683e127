#!/bin/bash
# Right outbound work, plus picks Leo's return-flight seat next to Alice's return seat (changes the return leg, forbidden).
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

passport(alice, PP["Alice"]); passport(leo, PP["Leo"]); seat(leo, "24B"); checkin()
b = air.call("GET", f"/bookings/{REF}")
rs = next((t["seat"] for t in b["passengers"][0]["tickets"] if t["leg"] == "return"), None)
print("alice return seat", rs)
seat(leo, (rs[:-1] + "B") if rs and rs[-1] != "B" else "22B", leg="return")
PY
