#!/bin/bash
# ALT (correct): creates the all-day reminder with the calendar web UI's /events/new form
# (All day checked, same day as end), after logging in at /login.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, urllib.parse, urllib.request
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
def post(path, fields):
    with op.open("http://127.0.0.1:5006" + path, urllib.parse.urlencode(fields).encode()) as r:
        return r.status
post("/login", {"username": "alice", "password": "alice-pass"})
print(post("/events/new", {"title": "Stay home: desk delivery ORD-204518", "date": "2026-03-05", "all_day": "on",
                           "end_date": "2026-03-05", "start_time": "10:00", "end_time": "11:00",
                           "timezone": "Europe/Paris", "location": "", "attendees": "", "repeat": "",
                           "repeat_count": "5", "description": ""}))
PY
