#!/bin/bash
# wrong (wrong details), respond step: answers the clashing invitations 'tentative' (Maybe) instead of declining them.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
inv = cal.call("GET", "/invitations")
inv = inv["items"] if isinstance(inv, dict) else inv
pending = {i.get("event", i)["title"]: i.get("event", i) for i in inv}
print(sorted(pending))
def rsvp(title, response):
    ev = pending[title] if title in pending else next(e for e in cal.call("GET", "/events?start=2026-02-23T00:00&end=2026-03-31T00:00&per_page=100")["items"] if e["title"] == title)
    print(title, response, cal.call("POST", f"/events/{ev['id']}/rsvp", {"response": response}).get("my_rsvp"))
rsvp("Roadmap review", "accepted"); rsvp("Pricing sync", "tentative")
rsvp("Hiring debrief", "accepted"); rsvp("Early design jam", "tentative")
PY
