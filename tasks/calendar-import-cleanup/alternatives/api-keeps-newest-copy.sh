#!/bin/bash
# alternative (REST API, other choice of copy): keeps the most recently created copy (highest id) of each
# duplicated event and cancels the older ones, walking the groups newest first. The instruction lets
# Alice keep any one copy; all copies are identical, with the same guests.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
zone = ZoneInfo(api.call("GET", "/profile")["timezone"])
rs = api.call("GET", "/events")["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(rs).astimezone(zone).date()
lo, hi = today - timedelta(days=7), today + timedelta(days=60)
items = api.call("GET", f"/events?start={lo}T00:00:00&end={hi}T00:00:00&per_page=100")["items"]
seen = {}
for e in sorted(items, key=lambda e: -e["id"]):
    if e.get("occurrence_index"):
        continue
    key = (e["title"], e["start"], e["end"])
    if key in seen and seen[key] != e["id"]:
        api.call("DELETE", f"/events/{e['id']}")
        print("cancelled", e["id"], key)
    seen.setdefault(key, e["id"])
PY
