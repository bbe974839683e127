#!/bin/bash
# Wrong (right effect, wrong details): puts erin's book club at its first date (Wednesday the
# 11th), missing that she moved it to Thursday the 12th.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club", "14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}
PLANS["erin"] = ("Book club", "14 Elm Street", "2026-03-11T19:00:00Z", "2026-03-11T21:00:00Z")
for friend, (title, place, start, end) in PLANS.items():
    calendar.call("POST", "/events", {"title": title, "location": place, "start": start, "end": end})
    social.call("POST", f"/conversations/{friend}/messages", {"text": f"{title} is in my calendar!"})
PY
