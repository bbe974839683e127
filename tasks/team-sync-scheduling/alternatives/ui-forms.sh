#!/bin/bash
# alternative (web UI): logs in through the calendar's /login form (requests.Session, mock_session_calendar
# cookie). The UI shows only Alice's own calendar, so the colleagues' busy times are read with the
# free/busy JSON call on the same browser session (retried on 503 as asked); the earliest common
# 45-minute slot inside 09:00-17:00 Paris is computed here, and the meeting is created by posting
# the /events/new form (title, date, start/end time, time zone Europe/Paris, guests "bob, carol").
set -euo pipefail
python3 - <<'PY'
import re
import time
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import requests

CAL = "http://127.0.0.1:5006"
PARIS = ZoneInfo("Europe/Paris")
s = requests.Session()
s.post(f"{CAL}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(k.startswith("mock_session_") for k in s.cookies.get_dict())



def retrying(method, url, **kw):
    """A browser user presses reload when the page says the service is unavailable."""
    for _ in range(12):
        r = s.request(method, url, **kw)
        if r.status_code in (429, 500, 502, 503, 504):
            time.sleep(float(r.headers.get("Retry-After") or 1)); continue
        r.raise_for_status(); return r
    raise SystemExit(f"{method} {url} keeps failing")


form_page = retrying("GET", f"{CAL}/events/new").text
today = re.search(r'<time id="today" datetime="([0-9-]+)T', form_page)[1]  # the header's "Today"
day = (datetime.fromisoformat(today) + timedelta(days=1)).date().isoformat()  # the task asks for tomorrow
calendar_id = re.search(r'<select id="calendar_id" name="calendar_id">\s*<option value="(\d+)"', form_page)[1]

for _ in range(12):
    r = s.post(f"{CAL}/api/freebusy", json={"users": ["alice", "bob", "carol"], "start": f"{day}T00:00:00",
                                          "end": f"{(datetime.fromisoformat(day) + timedelta(days=1)).date()}T00:00:00",
                                          "timezone": "Europe/Paris"})
    if r.status_code in (429, 500, 502, 503, 504):
        time.sleep(float(r.headers.get("Retry-After") or 1)); continue
    r.raise_for_status(); break
busy = [(datetime.fromisoformat(b["start"].replace("Z", "+00:00")), datetime.fromisoformat(b["end"].replace("Z", "+00:00")))
        for u in r.json()["users"] for b in u["busy"]]
start = datetime.fromisoformat(f"{day}T09:00").replace(tzinfo=PARIS)
close = datetime.fromisoformat(f"{day}T17:00").replace(tzinfo=PARIS)
length = timedelta(minutes=45)
while start + length <= close:
    clash = [e for b, e in busy if b < start + length and e > start]
    if not clash:
        break
    start = max(clash).astimezone(PARIS)
else:
    raise SystemExit("no common slot")
end = start + length
print("earliest common slot:", start.isoformat(), "-", end.isoformat())

r = retrying("POST", f"{CAL}/events/new", data={
    "title": "Team sync", "calendar_id": calendar_id, "date": day,
    "start_time": f"{start:%H:%M}", "end_time": f"{end:%H:%M}", "timezone": "Europe/Paris",
    "location": "", "attendees": "bob, carol", "repeat": "", "repeat_count": "5", "description": "",
}, headers={"Referer": f"{CAL}/events/new"})
assert re.search(r"/events/\d+$", r.url), (r.status_code, r.url)
print("created", r.url)
PY
