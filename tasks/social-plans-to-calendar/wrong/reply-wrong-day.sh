#!/bin/bash
# WRONG: events correct (book club on Thursday 12 March), but the reply to Erin confirms the old date, 'Book club on Wednesday March 11 at 19:00 is in my calendar' - Erin would think Alice missed the change.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for c in social.call("GET", "/conversations")["items"]:
    social.call("GET", "/conversations/" + c["with_user"]["username"] + "?per_page=100")
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch with Carol", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club", "Erin's place, 14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}

for friend, (title, place, start, end) in PLANS.items():
    calendar.call("POST", "/events", {"title": title, "location": place, "start": start, "end": end})
    text = title + " is in my calendar!"
    if friend == "erin":
        text = "Book club on Wednesday March 11 at 19:00 is in my calendar!"
    social.call("POST", "/conversations/" + friend + "/messages", {"text": text})

PY
