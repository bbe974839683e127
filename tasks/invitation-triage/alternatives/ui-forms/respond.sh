#!/bin/bash
# alternative (web UI forms only), respond step: logs in through /login, reads the Invitations
# page, opens each pending invitation's event page and reads its "Conflicts" list; an invitation
# is declined when Alice is busy with an event that is not itself a pending invitation (her own
# opaque events; the free Focus time is not listed by the calendar), else accepted, by posting the
# page's Accept/Decline form.
set -euo pipefail
python3 - <<'PY'
import html
import re
import requests

BASE = "http://127.0.0.1:5006"
s = requests.Session()
s.post(f"{BASE}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(k.startswith("mock_session_") for k in s.cookies.get_dict())

page = s.get(f"{BASE}/invitations").text
rows = re.findall(r'<tr class="invitation" data-event-id="(\d+)">(.*?)</tr>', page, re.S)
pending = {}
for eid, body in rows:
    title = html.unescape(re.search(r'<a href="[^"]*">([^<]*)</a>', body).group(1))
    answer = re.search(r'<td class="rsvp">([^<]*)</td>', body).group(1).strip().lower()
    print(eid, title, "|", answer)
    if answer == "needs action":
        pending[eid] = title
for eid, title in pending.items():
    detail = s.get(f"{BASE}/events/{eid}").text
    # the event page's Conflicts list: each line's text, its other event's title a link in it
    listed = re.search(r'<ul id="event-conflicts">(.*?)</ul>', detail, re.S)
    lines = re.findall(r"<li>(.*?)</li>", listed.group(1), re.S) if listed else []
    conflicts = [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in lines]
    mine = [c for c in conflicts if (m := re.match(r"You are busy with '(.+)' \w{3} \d+ \w{3} ", c))
            and m.group(1) not in pending.values()]
    response = "declined" if mine else "accepted"
    r = s.post(f"{BASE}/events/{eid}/rsvp", data={"response": response, "next": "/invitations"})
    r.raise_for_status()
    print(title, "->", response, mine)
PY
