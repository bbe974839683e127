#!/bin/bash
# WRONG: events only one hour long instead of two.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch with Carol", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club", "Erin's place, 14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}
def add(title, place, start, end, **extra):
    ev = {"title": title, "location": place, "start": start, "end": end}
    ev.update(extra)
    return cal.call("POST", "/events", ev)
def tell(friend, text):
    social.call("POST", f"/conversations/{friend}/messages", {"text": text})

for f,(t,p,s,e) in PLANS.items():
    e = s[:11] + "%02d" % (int(s[11:13])+1) + s[13:]
    add(t,p,s,e); tell(f, f"{t} is in my calendar!")
PY
