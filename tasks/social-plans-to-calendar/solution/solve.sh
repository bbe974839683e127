#!/bin/bash
# Reference solution of social-plans-to-calendar: read the conversations with the people alice
# follows, keep the plans still on at their latest time, create the events (the client retries
# the calendar's 503s) and tell each friend.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
friends = {u["username"] for u in social.call("GET", "/users/alice/following?per_page=100")["items"]}
for conversation in social.call("GET", "/conversations")["items"]:
    other = conversation["with_user"]["username"]
    if other in friends:
        for m in reversed(social.call("GET", f"/conversations/{other}?per_page=100")["items"]):
            print(f"{m['sent_at']} {m['sender']}: {m['text']}")
# read above: erin's book club moved to the 12th, dave called the ride off
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch with Carol", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club", "Erin's place, 14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}
for friend, (title, place, start, end) in PLANS.items():
    event = {"title": title, "location": place, "start": start, "end": end}
    created = calendar.call("POST", "/events", event)
    print("created", created["id"], title)
    social.call("POST", f"/conversations/{friend}/messages", {"text": f"{title} is in my calendar!"})
PY
