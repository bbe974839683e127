#!/bin/bash
# Wrong (collateral damage): cancels the extra copies right, but takes the weekly "Yoga"
# instances for imported repeats too and cancels all but the first.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for event_id in (2, 4, 8, 9):
    api.call("DELETE", f"/events/{event_id}")
events = api.call("GET", "/events?start=2026-02-23T00:00:00&end=2026-05-01T00:00:00&per_page=100")
for event in events["items"]:
    if event["title"] == "Yoga" and event.get("occurrence_index"):
        api.call("DELETE", f"/events/{event['id']}/occurrences/{event['occurrence_index']}")
PY
