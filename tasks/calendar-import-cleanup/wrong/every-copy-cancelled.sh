#!/bin/bash
# Wrong (right effect, wrong details): cancels every copy of each duplicated event, the one it
# should keep included, so the quarterly review, the dentist and the team lunch are gone.
set -euo pipefail
python3 - <<'PY'
from collections import Counter

from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
events = api.call("GET", "/events?start=2026-02-23T00:00:00&end=2026-05-01T00:00:00&per_page=100")
firsts = [e for e in events["items"] if not e.get("occurrence_index")]
count = Counter((e["title"], e["start"], e["end"]) for e in firsts)
for event in firsts:
    if count[(event["title"], event["start"], event["end"])] > 1:
        api.call("DELETE", f"/events/{event['id']}")
PY
