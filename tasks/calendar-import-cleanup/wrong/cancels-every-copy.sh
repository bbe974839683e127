#!/bin/bash
# wrong (overreach): cancels every copy of each duplicated event, including the one that should be kept,
# so the Quarterly review, Dentist and Team lunch disappear from the calendar entirely.
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


extra, seen = dup_extras()
dupkeys = {(e["title"], e["start"], e["end"]) for e in masters if e["id"] in extra}
gone = [e["id"] for e in masters if (e["title"], e["start"], e["end"]) in dupkeys]
for i in gone:
    api.call("DELETE", f"/events/{i}")
print("cancelled", gone)
PY
