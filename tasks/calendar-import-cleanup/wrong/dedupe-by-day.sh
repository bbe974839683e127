#!/bin/bash
# Wrong (the look-alike decoy): groups events by title and day, not by exact start and end, so
# the afternoon "Budget planning" follow-up is cancelled as a copy of the morning session.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
events = api.call("GET", "/events?start=2026-02-23T00:00:00&end=2026-05-01T00:00:00&per_page=100")
seen = set()
for event in sorted(events["items"], key=lambda e: e["id"]):
    if event.get("occurrence_index"):
        continue
    key = (event["title"], event["start"][:10])
    if key in seen:
        api.call("DELETE", f"/events/{event['id']}")
    seen.add(key)
PY
