#!/bin/bash
# Correct alternative: like a browser on the booking page: cookie login, passport forms for both,
# the outbound seat-map form for Leo (24B) and the outbound check-in button.
set -euo pipefail
python3 - <<'PY'
import urllib.request, urllib.parse, http.cookiejar, re
from mock_services.client import ServiceClient
REF = "PX4M2Q"
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
B = "http://127.0.0.1:5000"
def post(path, data):
    r = op.open(urllib.request.Request(B + path, data=urllib.parse.urlencode(data).encode(), method="POST"))
    return r.status
post("/login?next=/", {"username": "alice", "password": "alice-pass"})
page = op.open(B + f"/bookings/{REF}").read().decode()
api = ServiceClient(B + "/api").login("alice", "alice-pass")
bk = api.call("GET", f"/bookings/{REF}")
alice, leo = bk["passengers"]
print(post(f"/bookings/{REF}/passport", {"passenger_id": alice["id"], "passport_number": "19FR44821"}))
print(post(f"/bookings/{REF}/passport", {"passenger_id": leo["id"], "passport_number": "21FR90317"}))
print(post(f"/bookings/{REF}/seat", {"leg": "outbound", "passenger_id": leo["id"], "seat": "24B"}))
print(post(f"/bookings/{REF}/check-in", {"leg": "outbound"}))
b = api.call("GET", f"/bookings/{REF}")
print([(p["first_name"], p.get("passport_number"), p["tickets"]) for p in b["passengers"]])
PY
