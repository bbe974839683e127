#!/bin/bash
# Alternative (web UI forms): logs in through the /login form with a cookie session, reads the
# inbox list and each message page, groups the copies by sender, subject, date and text as the
# page shows them, and presses each extra copy's Delete button (POST .../action action=trash).
# Different from the reference: keeps the NEWEST copy (highest id) of each mail and trashes the
# older ones one by one (copies are identical, so any one may stay).
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

BASE = "http://127.0.0.1:5001"
s = requests.Session()
r = s.post(f"{BASE}/login", data={"username": "alice", "password": "alice-pass"})
r.raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies), "login failed"

ids, page = [], 1
while True:
    listing = s.get(f"{BASE}/", params={"folder": "inbox", "page": page})
    listing.raise_for_status()
    found = [int(i) for i in re.findall(r'<tr class="msg[^"]*" data-id="(\d+)"', listing.text)]
    ids += [i for i in found if i not in ids]
    if f"page={page + 1}" not in listing.text:
        break
    page += 1

def identity(mid):
    text = s.get(f"{BASE}/messages/{mid}").text
    subject = re.search(r'<h[12] id="subject">(.*?)\n', text, re.S).group(1).strip()
    meta = re.search(r"&lt;(.*?)&gt; · (.*?) · in (\S+)</span>", text)
    body = re.search(r'<pre class="body">(.*?)</pre>', text, re.S).group(1)
    assert meta.group(3) == "inbox", (mid, meta.group(3))
    return tuple(html.unescape(x) for x in (meta.group(1), subject, meta.group(2), body))

groups = {}
for mid in ids:
    groups.setdefault(identity(mid), []).append(mid)
extra = []
for key, copies in groups.items():
    copies.sort()
    extra += copies[:-1]          # keep the newest copy, trash the rest
for mid in extra:
    r = s.post(f"{BASE}/messages/{mid}/action", data={"action": "trash"}, allow_redirects=False)
    assert r.status_code == 303 and "/login" not in r.headers.get("Location", ""), (mid, r.status_code)
print("inbox", sorted(ids), "trashed", sorted(extra))
PY
