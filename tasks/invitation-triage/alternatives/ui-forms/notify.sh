#!/bin/bash
# alternative (web UI forms only), notify step: finds the declined invitations on the calendar's
# Invitations page, reads each organizer's address from the event page, and sends each a short
# mail through the webmail's compose form (one message per declined meeting, title in subject).
set -euo pipefail
python3 - <<'PY'
import html
import re
import requests

CAL, MAIL = "http://127.0.0.1:5006", "http://127.0.0.1:5001"
cal, mail = requests.Session(), requests.Session()
for s, base in ((cal, CAL), (mail, MAIL)):
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    assert any(k.startswith("mock_session_") for k in s.cookies.get_dict())

page = cal.get(f"{CAL}/invitations").text
for eid, body in re.findall(r'<tr class="invitation" data-event-id="(\d+)">(.*?)</tr>', page, re.S):
    answer = re.search(r'<td class="rsvp">([^<]*)</td>', body).group(1).strip().lower()
    if answer != "declined":
        continue
    detail = cal.get(f"{CAL}/events/{eid}").text
    title = html.unescape(re.search(r'<h[12][^>]*id="event-title">([^<]*)', detail).group(1)).strip()
    organizer = html.unescape(re.search(r"<strong>Organizer:</strong>[^&]*&lt;([^&]+)&gt;", detail).group(1))
    compose = mail.get(f"{MAIL}/compose").text
    assert 'id="compose"' in compose
    r = mail.post(f"{MAIL}/compose", data={
        "mode": "new", "to": organizer, "cc": "", "bcc": "",
        "subject": f"Declining: {title}",
        "body": f"Hello,\n\nI'm sorry, I can't attend \"{title}\" because it clashes with another "
                "commitment already in my calendar.\n\nBest regards,\nAlice",
    })
    r.raise_for_status()
    print("mailed", organizer, "about", title, r.url)
PY
