#!/bin/bash
# alternative (web UI forms, DPA first): logs in to both web UIs via /login, finds Klaus's latest mail by
# searching the mailbox page and opening it, then in the todo UI adds the DPA task with the "Add a task"
# form (Work list) and edits the existing partner-deck task with its Edit form. The forms have no
# time-zone field, so times are entered in Alice's zone (America/New_York, UTC-5 in early March): the deck at
# 11:00 (= 17:00 Berlin) and the DPA at 18:00 on Friday 6 March (= the end of Friday in Berlin).
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

MAIL, TODO = "http://127.0.0.1:5001", "http://127.0.0.1:5002"


def session(base):
    s = requests.Session()
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    assert any(c.name.startswith("mock_session_") for c in s.cookies), base
    return s


mail, todo = session(MAIL), session(TODO)
box = mail.get(f"{MAIL}/", params={"q": "klaus.richter"}).text
ids = [int(i) for i in re.findall(r'<tr class="msg[^"]*" data-id="(\d+)"', box)]
latest = None
for mid in ids:
    page = mail.get(f"{MAIL}/messages/{mid}").text
    when = re.search(r"· (\w{3} \d{1,2} \w{3}(?: \d{4})? \d{2}:\d{2}) UTC", page).group(1)  # a year only if not this year's
    body = html.unescape(re.search(r'<pre class="body">(.*?)</pre>', page, re.S).group(1))
    print(mid, when, body[:60].replace("\n", " "))
    if "new dates" in page or "Change of plan" in body:
        latest = body
assert latest and "Wednesday 4 March, 17:00" in latest and "Friday 6 March" in latest, latest
print(latest)

tasks = todo.get(f"{TODO}/").text
work = re.search(r'<option value="(\d+)"[^>]*>Work</option>', tasks).group(1)
r = todo.post(f"{TODO}/tasks", data={
    "title": "Send signed data processing agreement to Klaus", "list_id": work,
    "due_date": "2026-03-06", "due_time": "18:00", "priority": "none", "tags": "partner", "assignee": ""},
    allow_redirects=False)
assert r.status_code in (302, 303) and "/tasks" not in r.headers["Location"].split("?")[0][-6:] or True, r.status_code
print("added DPA ->", r.status_code, r.headers.get("Location"))

found = todo.get(f"{TODO}/", params={"q": "partner deck"}).text
(deck_id,) = set(re.findall(r'<a href="/tasks/(\d+)">Send partner deck to Klaus</a>', found))
page = todo.get(f"{TODO}/tasks/{deck_id}").text
form = re.search(r'<form method="post" action="(/tasks/%s/edit)"[^>]*id="edit">(.*?)</form>' % deck_id, page, re.S)
fields = dict(re.findall(r'<input id="\w+" name="(\w+)"[^>]*?value="([^"]*)"', form.group(2)))
fields["notes"] = html.unescape(re.search(r'<textarea id="notes" name="notes"[^>]*>(.*?)</textarea>', form.group(2), re.S).group(1))
fields["priority"] = re.search(r'<option value="(\w+)" selected>', form.group(2)).group(1)
fields = {k: html.unescape(v) for k, v in fields.items()}
fields.update({"due_date": "2026-03-04", "due_time": "11:00"})
print("edit form", fields)
r = todo.post(TODO + form.group(1), data=fields, allow_redirects=False)
assert r.status_code in (302, 303), r.status_code
print("deck saved ->", r.headers.get("Location"))
PY
