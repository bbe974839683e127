#!/bin/bash
# Plausible wrong solution: de-duplicates by title only, so the second "1:1 with Bob" (next
# week) and the "Budget planning" follow-up are cancelled too.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

BASE = "http://127.0.0.1:5006/api"

api = ServiceClient(BASE).login("alice", "alice-pass")
events = api.call("GET", "/events?start=2026-03-01T00:00:00&end=2026-05-01T00:00:00&per_page=100")
items = events["items"] if isinstance(events, dict) else events
seen = set()
for event in sorted(items, key=lambda e: e["id"]):
    if event["title"] in seen or event.get("occurrence_index"):
        if not event.get("occurrence_index"):
            api.call("DELETE", f"/events/{event['id']}")
        continue
    seen.add(event["title"])
PY
