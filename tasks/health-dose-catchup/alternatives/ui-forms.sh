#!/bin/bash
# alternative (web UI forms only): logs in through the /login form and presses the "Taken"
# buttons of today's 08:00 doses on the today page, then on yesterday's page presses "Undo" on
# the wrong 20:00 Metformin mark, after which the page shows the dose again and its "Skip"
# button is posted.
set -euo pipefail
python3 - <<'PY'
import re
import requests

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
        undo = re.search(r'action="([^"]*/undo)"', body)
        out.append((name, time, status, hidden, undo.group(1) if undo else None))
    return out


for name, time, status, hidden, _ in rows():
    print("today", name, time, status)
    if time == "08:00" and status.lower() in ("due", "missed") and hidden:  # "Due" on the page
        r = s.post(f"{BASE}/doses", data={**hidden, "status": "taken"})
        r.raise_for_status()
        print("  pressed Taken", name, r.status_code)

day = "2026-03-01"
undo = next(u for name, time, _, _, u in rows(day) if name == "Metformin" and time == "20:00")
print("yesterday Metformin 20:00: pressing Undo", undo)
s.post(f"{BASE}{undo}").raise_for_status()
for name, time, status, hidden, _ in rows(day):
    if name == "Metformin" and time == "20:00":
        print("  now", status)
        r = s.post(f"{BASE}/doses", data={**hidden, "status": "skipped"})
        r.raise_for_status()
        print("  pressed Skip", r.status_code)
for name, time, status, *_ in rows(day) + rows():
    print(name, time, status)
PY
