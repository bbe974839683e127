#!/bin/bash
# Wrong (blind tester, stop 48) message: books 15:00 correctly with Dana invited, then replies to her confirming the call at 2:00 pm (her first time) - the mail contradicts the invitation.
set -euo pipefail
python3 - <<'PY'
import re, time
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
DANA = "dana.whitfield@northwind.example"
TZ = "America/New_York"
def ask(body=None):
    return mail.call("POST", "/messages/send", {"to": [DANA], "subject": "Call on Thursday",
        "body": body or "Hi Dana,\n\nCould we have a 30-minute call this Thursday (March 12) about the Northwind renewal? What time on Thursday suits you?\n\nBest,\nAlice"})
def dana_items():
    return [m for m in mail.call("GET", "/messages?folder=inbox")["items"] if m["from_address"] == DANA]
def wait_reply():
    for _ in range(30):
        if dana_items():
            return
        time.sleep(1)
def times_in(text):
    return [(int(h) % 12 + (12 if ap.lower() == "p" else 0), int(mi)) for h, mi, ap in re.findall(r"(\d{1,2}):(\d{2})\s*([ap])\.?m", text, re.I)]
def book(h, m, minutes=30, tz=TZ, attendees=True, title="Northwind renewal call"):
    end = h * 60 + m + minutes
    body = {"title": title, "start": f"2026-03-12T{h:02d}:{m:02d}:00", "end": f"2026-03-12T{end // 60:02d}:{end % 60:02d}:00", "timezone": tz}
    if attendees:
        body["attendees"] = [{"email": DANA}]
    return cal.call("POST", "/events", body)


ask(); wait_reply()
for _ in range(2):
    said = None
    for item in sorted(dana_items(), key=lambda m: m["id"]):
        said = times_in(mail.call("GET", "/messages/%d" % item["id"])["body"])[-1]
    time.sleep(1)
book(*said)
last = sorted(dana_items(), key=lambda m: m["id"])[-1]
mail.call("POST", "/messages/%d/reply" % last["id"], {"body": "Hi Dana,\n\nNo problem at all - I have sent you an invitation for Thursday (March 12) at 2:00 pm Eastern, 30 minutes.\n\nBest,\nAlice"})
PY
