#!/bin/bash
# Wrong (blind tester, stop 48) message, change stated backwards: moves the call to Friday 11:00, but the confirmation says it moved FROM Friday 13 March at 11:00 TO Thursday 12 March at 15:00.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
TOM = "tom@example.test"
def newest():
    it = mail.call("GET", "/messages?folder=inbox&from=tom@example.test&sort=newest")["items"][0]
    return mail.call("GET", "/messages/%d" % it["id"])
def when_in(text):
    m = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text)
    return datetime.strptime(f"{m[1]} {m[2]} 2026 {m[3]}", "%d %B %Y %H:%M") if m else None
def span(w):
    return {"start": w.strftime("%Y-%m-%dT%H:%M:00"), "end": (w + timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M:00"), "timezone": "America/New_York"}
def create(w, attendees=True):
    b = {"title": "Q2 budget review", **span(w)}
    if attendees: b["attendees"] = [{"email": TOM}]
    return cal.call("POST", "/events", b)
def reply(msg, body):
    return mail.call("POST", "/messages/%d/reply" % msg["id"], {"body": body})
def confirm(msg, w):
    return reply(msg, "Hi Tom,\n\nDone: the Q2 budget review is in the calendar for %s at %s, 30 minutes. You should have the invitation.\n\nAlice" % (w.strftime("%A %-d %B"), w.strftime("%H:%M")))
req = newest()


reply(req, "Hi Tom,\n\nSure. What time suits you this week for a 30-minute call?\n\nAlice")
a = newest(); w = when_in(a["body"]); ev = create(w); confirm(a, w)
b = newest(); w2 = when_in(b["body"])
cal.call("PATCH", "/events/%d" % ev["id"], span(w2))
reply(b, "Hi Tom,\n\nNo problem - I have moved the Q2 budget review from Friday 13 March at 11:00 to Thursday 12 March at 15:00, still 30 minutes. The invitation is updated.\n\nAlice")
print(newest()["body"])
PY
