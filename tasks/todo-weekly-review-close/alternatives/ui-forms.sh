#!/bin/bash
# alternative (web UI forms): logs in via /login, finds the weekly review notes on the /notes page
# (search), opens the latest one (highest number) and reads its "Done this week" lines, then on the task
# list page searches each task by title and submits its "Complete" form (with the page as `back`), in
# the reverse order of the note.
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

BASE = "http://127.0.0.1:5002"
s = requests.Session()
s.post(f"{BASE}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies)
notes = s.get(f"{BASE}/notes", params={"q": "weekly review"}).text
found = {html.unescape(t): int(i) for i, t in re.findall(r'<a href="/notes/(\d+)">(Weekly review \d+)</a>', notes)}
title = max(found, key=lambda t: int(t.split()[-1]))
page = s.get(f"{BASE}/notes/{found[title]}").text
body = html.unescape(re.search(r'<textarea id="body" name="body"[^>]*>(.*?)</textarea>', page, re.S).group(1))
print(title, "|", body)
assert title == "Weekly review 10"
done = body.split("Done this week:")[1].split("Still open")[0]
print("done lines:", [l for l in done.splitlines() if l.strip()])

TASKS = {  # each done line -> the task it reports on
    "renewed the SSL certificate for the status page": "Renew SSL certificate for status page",
    "filed the expense report for the Berlin trip": "Expense report for Berlin trip",
    "watered the plants": "Water the plants",
    "picked up the dry cleaning": "Pick up dry cleaning",
    "called mom": "Call mom",
    "cancelled the gym trial": "Cancel gym trial",
}
for line, task in reversed(list(TASKS.items())):
    assert line in done, line
    listing = s.get(f"{BASE}/", params={"q": task, "status": "all"})
    # each task row: its check button's form (with the page to come back to), then the title
    rows = re.findall(r'<li data-task="(\d+)" class="(\w+)[^"]*">(.*?)<a href="/tasks/\d+">([^<]*)</a>',
                      listing.text, re.S)
    (row,) = [r for r in rows if html.unescape(r[3]) == task]
    tid, status, rest, _ = row
    if status != "open":
        print("already", status, task)
        continue
    back = html.unescape(re.search(r'<input type="hidden" name="back" value="([^"]*)">', rest).group(1))
    r = s.post(f"{BASE}/tasks/{tid}/complete", data={"back": back}, allow_redirects=False)
    assert r.status_code in (302, 303), r.status_code
    print("completed", tid, task)
PY
