#!/bin/bash
# Reference solution of airline-cancelled-rebook: find the cancelled booking, search the same
# route and day sorted by departure (only flights with free seats come back), change the
# booking to the first one after the cancelled departure, mail Bob. Retries on 429/5xx.
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
            if exc.code not in (429, 500, 502, 503, 504):
                raise
            wait = float(exc.headers.get("Retry-After") or 1)
            print(f"{method} {path}: {exc.code}, retrying in {wait}s")
            time.sleep(wait)
    raise SystemExit(f"{method} {path}: still failing")


login = {"username": "alice", "password": "alice-pass"}
air = call(AIR, "POST", "/auth/login", login)["token"]
mail = call(MAIL, "POST", "/auth/login", login)["token"]
bookings = call(AIR, "GET", "/bookings", token=air)
bookings = bookings["items"] if isinstance(bookings, dict) else bookings
booking = next(b for b in bookings
               if any(leg["flight"]["status"] == "cancelled" for leg in b["flights"]))
leg = next(leg for leg in booking["flights"] if leg["flight"]["status"] == "cancelled")
old = leg["flight"]
query = (f"/flights/search?origin={old['origin']['code']}&destination="
         f"{old['destination']['code']}&date={old['date']}&cabin={booking['cabin']}"
         f"&passengers={len(booking['passengers'])}&sort=departure")
options = [r["flight"] for r in call(AIR, "GET", query, token=air)["items"]
           if r["flight"]["id"] != old["id"]]
new = options[0]
call(AIR, "POST", f"/bookings/{booking['reference']}/change",
     {"flight_id": new["id"], "leg": leg.get("leg", "outbound")}, air)
arrival = new["scheduled_arrival_local"][11:16]
call(MAIL, "POST", "/messages/send", {
    "to": ["bob@example.test"],
    "subject": f"New flight tomorrow: {new['number']}, landing {arrival}",
    "body": f"Hi Bob,\n\nMy flight was cancelled; I'm now on {new['number']} from "
            f"{new['origin']['city']}, landing at Heathrow at {arrival} London time.\n\nAlice",
}, mail)
print("moved", booking["reference"], "to", new["number"], "landing", arrival)
PY
