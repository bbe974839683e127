#!/bin/bash
# ALT (correct): everything through the web UIs as a browser would: log in at /login, create each
# event with the calendar's /events/new form (UTC zone), send each reply with the /messages/<user> form.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, urllib.parse, urllib.request, time
def browser(base):
    jar = http.cookiejar.CookieJar()
    op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    def post(path, fields):
        data = urllib.parse.urlencode(fields).encode()
        for attempt in range(10):
            try:
                with op.open(base + path, data) as r:
                    return r.status, r.read().decode()
            except urllib.error.HTTPError as e:
                if e.code in (429, 503):
                    time.sleep(int(e.headers.get("Retry-After") or 1)); continue
                raise SystemExit(f"{path}: {e.code} {e.read()[:500]}")
    post("/login", {"username": "alice", "password": "alice-pass"})
    return post
cal = browser("http://127.0.0.1:5006")
soc = browser("http://127.0.0.1:5008")
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06", "20:00", "22:00"),
    "carol": ("Birthday brunch with Carol", "Café Lumière", "2026-03-08", "11:30", "13:30"),
    "erin": ("Book club", "Erin's place, 14 Elm Street", "2026-03-12", "19:00", "21:00"),
}
for friend, (title, place, day, s, e) in PLANS.items():
    st, body = cal("/events/new", {"title": title, "date": day, "start_time": s, "end_time": e,
                                   "timezone": "UTC", "location": place, "attendees": "",
                                   "repeat": "", "repeat_count": "5", "description": ""})
    print("event", st)
    st, body = soc(f"/messages/{friend}", {"text": f"Added {title} to my calendar, see you there!"})
    print("msg", st)
PY
