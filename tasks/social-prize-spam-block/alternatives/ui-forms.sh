#!/bin/bash
# alternative (web UI forms): logs in with the /login form, reads every conversation on the /messages
# pages, then on each prize scammer's profile page (/u/<name>) submits the "Block" form, last scammer first.
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

BASE = "http://127.0.0.1:5008"
s = requests.Session()
s.post(f"{BASE}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies)
for user in re.findall(r'<li data-username="([^"]+)">', s.get(f"{BASE}/messages").text):
    page = s.get(f"{BASE}/messages/{user}").text
    texts = [html.unescape(re.sub(r"<[^>]+>", "", li)).strip()
             for li in re.findall(r'<li data-id="\d+"[^>]*>(.*?)</li>', page, re.S)]
    print(user, "|", " / ".join(texts))
# read above: prize claims asking for address / personal details
for user in ["lucky_draw_2026", "deals.daily", "prize.center"]:
    profile = s.get(f"{BASE}/u/{user}").text
    action = re.search(r'<form method="post" action="([^"]*/u/%s/block)">' % re.escape(user), profile).group(1)
    r = s.post(BASE + action, allow_redirects=False)
    assert r.status_code in (302, 303), (user, r.status_code)
    after = s.get(f"{BASE}/u/{user}").text
    assert "You blocked them." in after, user
    print("blocked", user)
PY
