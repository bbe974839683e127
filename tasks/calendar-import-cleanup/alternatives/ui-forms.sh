#!/bin/bash
# alternative (web UI forms): logs in through the /login form, reads the schedule (this week and the
# next ones) as a browser would, groups the listed events by day, time and title, opens each extra
# copy's page and submits its "Cancel event for everyone" form; keeps the lowest id of each group.
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

BASE = "http://127.0.0.1:5006"
s = requests.Session()
r = s.post(f"{BASE}/login", data={"username": "alice", "password": "alice-pass"})
r.raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies), "login failed"

page = s.get(f"{BASE}/schedule").text  # the week as a list (the Schedule view)
rows = {}  # event id -> (date, time, title)
for week in range(4):
    for day in re.split(r'<div class="card day', page)[1:]:
        date = re.search(r'data-date="([^"]+)"', day).group(1)
        for m in re.finditer(
            r'<tr class="event" data-event-id="(\d+)"([^>]*)>\s*<td[^>]*>\s*([^<]*?)\s*</td>\s*'
            r'<td[^>]*><a href="[^"]*">([^<]*)(?:<span class="alike">[^<]*</span>)?</a>', day):
            eid, extra, when, title = int(m.group(1)), m.group(2), m.group(3), html.unescape(m.group(4))
            if "data-occurrence" in extra:
                rows.setdefault(eid, None)  # recurring: never an import copy of itself
                continue
            rows.setdefault(eid, (date, when, title))
    nxt = re.search(r'<a href="([^"]+)" id="next-week">', page).group(1)
    page = s.get(BASE + html.unescape(nxt)).text

groups = {}
for eid in sorted(rows):
    if rows[eid] is not None:
        groups.setdefault(rows[eid], []).append(eid)
for key, ids in groups.items():
    for eid in ids[1:]:
        detail = s.get(f"{BASE}/events/{eid}").text
        action = re.search(r'<form method="post" action="([^"]*/events/%d/delete)">' % eid, detail).group(1)
        resp = s.post(BASE + action, allow_redirects=True)
        resp.raise_for_status()
        print("cancelled", eid, key)
PY
