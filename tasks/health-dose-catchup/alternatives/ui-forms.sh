#!/bin/bash
# alternative (web UI forms, one API call): logs in through the /login form and presses the
# "Taken" buttons of today's 08:00 doses on the today page; the UI has no undo button for a
# recorded mark, so yesterday's wrong 20:00 Metformin mark is undone with the API's DELETE (the
# documented way), after which yesterday's page shows the dose again and its "Skip" button is
# posted.
set -euo pipefail
python3 - <<'PY'
import re
import requests
from mock_services.client import ServiceClient

BASE = "http://127.0.0.1:5007"
s = requests.Session()
r = s.post(f"{BASE}/login", data={"username": "bob", "password": "bob-pass"}, allow_redirects=True)
r.raise_for_status()
assert any(k.startswith("mock_session_") for k in s.cookies.get_dict()), s.cookies.get_dict()

ROW = re.compile(r'<tr data-medication="([^"]+)" data-time="([^"]+)">(.*?)</tr>', re.S)


def rows(day=None):
    page = s.get(f"{BASE}/" + (f"?day={day}" if day else ""))
    page.raise_for_status()
    out = []
    for name, time, body in ROW.findall(page.text):
        status = re.search(r'class="status">([^<]*)<', body).group(1)
        hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body))
        out.append((name, time, status, hidden))
    return out


for name, time, status, hidden in rows():
    print("today", name, time, status)
    if time == "08:00" and status in ("due", "missed") and hidden:
        r = s.post(f"{BASE}/doses", data={**hidden, "status": "taken"})
        r.raise_for_status()
        print("  pressed Taken", name, r.status_code)

api = ServiceClient(f"{BASE}/api").login("bob", "bob-pass")
day = "2026-03-01"
d = next(d for d in api.call("GET", f"/medications/schedule?day={day}")["items"]
         if d["name"] == "Metformin" and d["time"] == "20:00")
print("yesterday Metformin 20:00 was", d["status"])
api.call("DELETE", f"/medications/{d['medication_id']}/doses/{d['dose_id']}")
for name, time, status, hidden in rows(day):
    if name == "Metformin" and time == "20:00":
        print("  now", status)
        r = s.post(f"{BASE}/doses", data={**hidden, "status": "skipped"})
        r.raise_for_status()
        print("  pressed Skip", r.status_code)
for name, time, status, _ in rows(day) + rows():
    print(name, time, status)
PY
