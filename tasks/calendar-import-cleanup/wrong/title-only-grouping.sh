#!/bin/bash
# wrong (look-alike decoy): groups events by title only, so it also cancels the later
# 'Budget planning' follow-up and next week's '1:1 with Bob', which are separate events at other times.
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
masters = sorted([e for e in items if not e.get("occurrence_index")], key=lambda e: e["id"])
def dup_extras():
    seen, extra = {}, []
    for e in masters:
        k = (e["title"], e["start"], e["end"])
        if k in seen and seen[k] != e["id"]:
            extra.append(e["id"])
        seen.setdefault(k, e["id"])
    return extra, seen


seen, extra = {}, []
for e in masters:
    if e["title"] in seen:
        extra.append(e["id"])
    seen.setdefault(e["title"], e["id"])
for i in extra:
    api.call("DELETE", f"/events/{i}")
print("cancelled", extra)
PY
