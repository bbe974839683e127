#!/bin/bash
# Correct alternative: like a browser on the day pages: cookie login, "Taken" buttons of today's
# 08:00 doses (POST /doses), yesterday's wrong mark undone over the API (mixing channels; the
# day page's Undo button does it in solution/ui.py), then the "Skip" button for yesterday's
# 20:00 Metformin (POST /doses with day=yesterday).
set -euo pipefail
python3 - <<'PY'
from datetime import date, timedelta
from mock_services.client import ServiceClient
h = ServiceClient("http://127.0.0.1:5007/api").login("bob", "bob-pass")
today = h.call("GET", "/medications/schedule")
T = today["day"]
Y = (date.fromisoformat(T) - timedelta(days=1)).isoformat()
ysched = h.call("GET", f"/medications/schedule?day={Y}")["items"]
def rec(mid, time, status="taken", day=None):
    b = {"time": time, "status": status}
    if day: b["day"] = day
    return h.call("POST", f"/medications/{mid}/doses", b)
def morning():
    for d in today["items"]:
        if d["time"] == "08:00" and d["status"] in ("due", "missed"): rec(d["medication_id"], "08:00")
def fix_evening(day=None, name="Metformin", time="20:00"):
    day = day or Y
    for d in h.call("GET", f"/medications/schedule?day={day}")["items"]:
        if d["name"] == name and d["time"] == time and d["status"] != "skipped":
            if d["dose_id"] is not None: h.call("DELETE", f"/medications/{d['medication_id']}/doses/{d['dose_id']}")
            rec(d["medication_id"], time, "skipped", day)
import urllib.request, urllib.parse, http.cookiejar
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def post(path, data):
    return op.open(urllib.request.Request("http://127.0.0.1:5007" + path, data=urllib.parse.urlencode(data).encode(), method="POST")).status
post("/login?next=/", {"username": "bob", "password": "bob-pass"})
for d in today["items"]:
    if d["time"] == "08:00" and d["status"] in ("due", "missed"):
        print(post("/doses", {"day": T, "medication_id": d["medication_id"], "time": "08:00", "status": "taken"}))
for d in ysched:
    if d["name"] == "Metformin" and d["time"] == "20:00":
        if d["dose_id"]: h.call("DELETE", f"/medications/{d['medication_id']}/doses/{d['dose_id']}")
        print(post("/doses", {"day": Y, "medication_id": d["medication_id"], "time": "20:00", "status": "skipped"}))
print(h.call("GET", f"/medications/schedule?day={Y}")["items"])
PY
