#!/bin/bash
# wrong (shortcut), respond step: accepts all four pending invitations without checking the calendar, including the two that clash.
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
for t in ("Roadmap review", "Pricing sync", "Hiring debrief", "Early design jam"):
    rsvp(t, "accepted")
PY
