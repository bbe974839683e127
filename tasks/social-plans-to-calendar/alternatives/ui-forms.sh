#!/bin/bash
# alternative (web UI forms, replies first): logs in to both web UIs with the /login form, reads the
# friends' conversations on the social site's /messages pages (friend = profile page offers "Unfollow"),
# then for each plan still on submits the calendar's "New event" form (date, start/end time, UTC, location;
# resubmitting while the calendar answers 503) and answers the friend in the conversation's send form.
set -euo pipefail
python3 - <<'PY'
import html
import re
import time

import requests

SOC, CAL = "http://127.0.0.1:5008", "http://127.0.0.1:5006"


def session(base):
    s = requests.Session()
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    assert any(c.name.startswith("mock_session_") for c in s.cookies), base
    return s


soc, cal = session(SOC), session(CAL)
convs = soc.get(f"{SOC}/messages").text
for user in re.findall(r'<li data-username="([^"]+)">', convs):
    profile = soc.get(f"{SOC}/u/{user}").text
    friend = f"/u/{user}/unfollow" in profile
    page = soc.get(f"{SOC}/messages/{user}").text
    print(f"--- {user} (friend: {friend})")
    for li in re.findall(r"<li data-id=\"\d+\"[^>]*>(.*?)</li>", page, re.S):
        print("   ", html.unescape(re.sub(r"<[^>]+>", "", li)).strip())

# read above: bob's jazz night, carol's brunch, erin's book club moved to Thursday 12; dave called off;
# cityevents is not followed.
PLANS = [
    ("bob", "Jazz night", "Blue Note", "2026-03-06", "20:00", "22:00"),
    ("carol", "Birthday brunch with Carol", "Café Lumière", "2026-03-08", "11:30", "13:30"),
    ("erin", "Book club", "Erin's place, 14 Elm Street", "2026-03-12", "19:00", "21:00"),
]
for friend, title, place, day, start, end in PLANS:
    for attempt in range(6):  # the outage page may answer the form's page too: reload it
        page = cal.get(f"{CAL}/events/new")
        if page.status_code == 200:
            break
        print("calendar answered", page.status_code, "for the form; reloading")
        time.sleep(1.5)
    form = page.text
    calendar_id = re.search(r'<select id="calendar_id" name="calendar_id">\s*<option[^>]*value="(\d+)"', form).group(1)
    data = {"title": title, "calendar_id": calendar_id, "date": day, "start_time": start, "end_time": end,
            "timezone": "UTC", "location": place, "attendees": "", "repeat": "", "repeat_count": "5",
            "description": ""}
    for attempt in range(6):
        r = cal.post(f"{CAL}/events/new", data=data, allow_redirects=False)
        if r.status_code in (302, 303) and re.search(r"/events/\d+$", r.headers.get("Location", "")):
            print("created", r.headers["Location"], title)
            break
        print("calendar answered", r.status_code, "; retrying")
        time.sleep(1.5)
    else:
        raise SystemExit(f"could not create {title}")
    r = soc.post(f"{SOC}/messages/{friend}", data={"text": f"{title} is in my calendar!"}, allow_redirects=False)
    assert r.status_code in (302, 303), r.status_code
    print("replied to", friend)
PY
