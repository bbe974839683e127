#!/bin/bash
# wrong (side effect on existing items): adds the right events and replies, but also deletes Alice's
# existing Team offsite event (to make room), which the instruction forbids.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for c in social.call("GET", "/conversations")["items"]:
    other = c["with_user"]["username"]
    for m in reversed(social.call("GET", f"/conversations/{other}?per_page=100")["items"]):
        print(f"{m['sent_at']} {m['sender']}: {m['text']}")
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch with Carol", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club", "Erin's place, 14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}
def add(title, place, start, end, **extra):
    ev = calendar.call("POST", "/events", {"title": title, "location": place, "start": start, "end": end, **extra})
    print("created", ev["id"], title)
    return ev
def dm(user, text):
    social.call("POST", f"/conversations/{user}/messages", {"text": text})
    print("sent", user, text)

for f, p in PLANS.items():
    add(*p)
    dm(f, f"{p[0]} is in my calendar!")
for ev in calendar.call("GET", "/events?start=2026-03-01T00:00:00Z&end=2026-04-01T00:00:00Z&per_page=100")["items"]:
    if ev["title"] == "Team offsite":
        eid = ev["id"]; calendar.call("DELETE", f"/events/{eid}")
PY
